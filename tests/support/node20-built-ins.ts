// msw 3 is written for Node 22+: it calls Promise.withResolvers and Set's intersection and difference.
// core-js adds the three on Node 20 and leaves newer Nodes alone.
import 'core-js/actual/promise/with-resolvers.js'
import 'core-js/actual/set/difference.js'
import 'core-js/actual/set/intersection.js'

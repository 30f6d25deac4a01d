// Radix Themes' components as its stylesheet's classes, without its script (record 0020): the same markup, so its
// CSS styles them, and a page loads about 12 KB less. components.test.tsx renders every use in app/ both ways.
export { Button, Radio, Spinner, TextField } from './controls'
export { Callout, DataList } from './display'
export { Box, Card, Container, Flex, Separator } from './layout'
export { Table } from './table'
export { Code, Heading, Link, Strong, Text } from './typography'

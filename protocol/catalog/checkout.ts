// The shop's checkout texts, for its form and the service alike.

/** §5: a country that `requiresZip` without one. */
export const zipRequired = 'Zip/Post code must be provided.'

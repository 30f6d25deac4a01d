// Radix Themes' components as its stylesheet's classes, without its script (record 0020): the same markup, so its
// CSS styles them, and a page loads about 12 KB less. components.test.tsx renders every use in app/ both ways.
export { Button, IconButton, Radio, Spinner, TextField } from './controls'
export { DIALOG_CONTENT, DialogContent } from './dialog'
export { Badge, Callout, DataList } from './display'
export { Box, Card, Container, Flex, Grid, Separator, Theme } from './layout'
export { Table } from './table'
export { Code, Heading, Link, Strong, Text } from './typography'
export { plainProps } from './plain'

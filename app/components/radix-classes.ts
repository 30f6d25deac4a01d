// The class names Radix Themes 3 renders, for plain elements in /manage's rows (prop handling is most of a render).
export const rt = {
  /** `<Flex gap="2" wrap="wrap" align="center">` */
  flexRowWrap: 'rt-Flex rt-r-ai-center rt-r-fw-wrap rt-r-gap-2',
  /** `<Flex direction="column" gap="1">` */
  flexColumn1: 'rt-Flex rt-r-fd-column rt-r-gap-1',
  /** `<Text size="1">` (with `color` → `accentColor(color)`) */
  text1: 'rt-Text rt-r-size-1',
  /** `<Link size="2">` */
  link: 'rt-Text rt-reset rt-Link rt-r-size-2 rt-underline-auto',
  /** `<Link size="2" underline="always">` */
  linkUnderlined: 'rt-Text rt-reset rt-Link rt-r-size-2 rt-underline-always',
  /** `<Button size="1" variant="soft">` */
  softButton1: 'rt-reset rt-BaseButton rt-r-size-1 rt-variant-soft rt-Button',
  box: 'rt-Box',
  /** `<Card size="1">` */
  card1: 'rt-reset rt-BaseCard rt-Card rt-r-size-1 rt-variant-surface',
  /** `<Flex justify="between" wrap="wrap" gap="2">` */
  flexBetweenWrap: 'rt-Flex rt-r-jc-space-between rt-r-fw-wrap rt-r-gap-2',
  /** `<Flex gap="2" align="center" wrap="wrap" mt="1">` */
  flexRowWrapMt1: 'rt-Flex rt-r-ai-center rt-r-fw-wrap rt-r-gap-2 rt-r-mt-1',
  /** `<Badge>` (with `color` → `accentColor(color)`) */
  badge: 'rt-reset rt-Badge rt-r-size-1 rt-variant-soft',
  textBold: 'rt-Text rt-r-weight-bold',
  text2: 'rt-Text rt-r-size-2',
  /** `<Text size="2" mt="1">` */
  text2Mt1: 'rt-Text rt-r-size-2 rt-r-mt-1',
  /** `<Badge ml="2">` (with `color` → `accentColor(color)`) */
  badgeMl2: 'rt-reset rt-Badge rt-r-size-1 rt-variant-soft rt-r-ml-2',
  tableHeader: 'rt-TableHeader',
  tableBody: 'rt-TableBody',
  tableRow: 'rt-TableRow',
  columnHeaderCell: 'rt-TableCell rt-TableColumnHeaderCell',
  rowHeaderCell: 'rt-TableCell rt-TableRowHeaderCell',
  tableCell: 'rt-TableCell',
} as const

/** The accent attribute of a Radix component given no `color` (buttons, links). */
export const accent = { 'data-accent-color': '' } as const

/** The accent attribute of a Radix component given `color`. */
export const accentColor = (color: string) => ({ 'data-accent-color': color }) as const

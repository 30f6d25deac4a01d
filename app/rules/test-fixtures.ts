// The builders live beside the entities they build (protocol/test-fixtures.ts); imported only by `*.test.ts`.
export * from '#protocol/test-fixtures'

import { IDEMPOTENCY_FIELD } from '#protocol/shared/idempotency-key'

/** The key the loader made for this rendering (`idempotencyKeyOf`), so a re-post or retry is carried out once. */
export function IdempotencyField({ value }: { value: string }) {
  return <input type="hidden" name={IDEMPOTENCY_FIELD} value={value} />
}

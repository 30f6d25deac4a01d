import { IDEMPOTENCY_FIELD } from '#protocol/idempotency'

/**
 * The hidden field that makes a form's submission safe to repeat: the key its loader made for this rendering, sent by
 * the portal with the write (see `idempotencyKeyOf`), so that a re-post or a retry of it is carried out once.
 */
export function IdempotencyField({ value }: { value: string }) {
  return <input type="hidden" name={IDEMPOTENCY_FIELD} value={value} />
}

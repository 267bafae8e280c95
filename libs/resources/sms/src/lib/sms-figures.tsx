// drawn from the kit's light entries (core, frame, compose), as the landing that shows it
import { Alert, ErrorLink } from '@smsc/shared-ui/core';
import { Space, Typography } from '@smsc/shared-ui/frame';
import { Tag } from '@smsc/shared-ui/compose';
import { ERROR_WORDS, explainError } from '@smsc/shared-api/core';
import type { SmsQuote } from '@smsc/shared-contract';
import { formatMoney } from '@smsc/shared-util';
import type { useSegments } from './use-segments';

export const QUOTE_DELAY_MS = 400;

/**
 * Why the quote has no price, in words: the reason's sentence from the one table of error words (a guard such as
 * destination_not_allowed included); a reason that table does not know yet still reads without its code.
 */
export function quoteReasonText(reason: string): string {
  const words = (ERROR_WORDS as Record<string, { sentence: string } | undefined>)[reason];
  return words?.sentence ?? 'This message cannot be sent as it is.';
}

/** Send is disabled while the quote says the message would be refused: why, what to do, and where. */
export function CannotSend({ reason }: { reason: string }) {
  const said = explainError({ code: reason });
  return (
    <Alert
      id="sms-cannot-send"
      data-testid="sms-cannot-send"
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={`Cannot be sent: ${quoteReasonText(reason)}`}
      description={
        said?.next ? (
          <>
            {said.next} <ErrorLink target={said.link} />
          </>
        ) : undefined
      }
    />
  );
}

/** Parts, encoding, characters left and the price of the text as it goes out. */
export function SmsFigures({
  live,
  quote,
  pricing,
}: {
  live: ReturnType<typeof useSegments>;
  quote?: SmsQuote;
  pricing: boolean;
}) {
  return (
    <Space wrap size="middle" aria-live="polite" data-testid="sms-figures" style={{ marginBottom: 16 }}>
      <span data-testid="sms-segments">
        {live.segments} {live.segments === 1 ? 'part' : 'parts'}
      </span>
      <Tag data-testid="sms-encoding">{live.encoding}</Tag>
      <span>
        {live.characters} characters, {live.characters_left} left in this part
      </span>
      <span data-testid="sms-price">
        {pricing
          ? 'Pricing…'
          : quote?.price
            ? `Price ${formatMoney(quote.price, quote.currency)}`
            : quote?.reason
              ? 'Cannot be sent'
              : ''}
      </span>
      {!pricing && quote?.price && quote.charge_basis && (
        // when that price is charged (the rate's basis): a customer charged on acceptance pays for undelivered ones
        <Typography.Text type="secondary" data-testid="sms-charge-basis">
          {quote.charge_basis === 'submit' ? 'charged once the carrier accepts it' : 'charged only if delivered'}
        </Typography.Text>
      )}
      {quote?.available && (
        <Typography.Text type="secondary">Available {formatMoney(quote.available, quote.currency)}</Typography.Text>
      )}
      {quote?.registration && quote.registration.state !== 'not_required' && (
        // the sender's registration for this destination (docs/compliance.md): what covers it, or what to file
        <span data-testid="sms-registration">
          <Tag
            color={quote.registration.state === 'registered' ? 'green' : quote.registration.enforced ? 'red' : 'gold'}
          >
            {quote.registration.state === 'registered' ? 'Registered sender' : 'Unregistered sender'}
          </Tag>
          {quote.registration.message}
        </span>
      )}
    </Space>
  );
}

import type { ChargeBasis, Rate } from '@smsc/shared-contract';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import { Button, Popconfirm } from '@smsc/shared-ui';
import { useUpdateRateMutation } from './rate.api';

/** When a selling price is charged, in the words the rate list and the quote use. */
export const CHARGE_BASIS_WORDS: Record<ChargeBasis, string> = {
  delivery: 'On delivery',
  submit: 'When the carrier accepts',
};

/** The access key of the "Charged" column: selling rates have a basis, a vendor's deck does not use one. */
export const CHARGE_BASIS_KEY = 'rate.charge_basis';

/** Switches one selling rate between charging on delivery and on the carrier's acceptance, after a confirmation. */
export function ChargeBasisAction({ rate }: { rate: Rate }) {
  const dispatch = useAppDispatch();
  const [update, { isLoading }] = useUpdateRateMutation();
  const next: ChargeBasis = rate.charge_basis === 'submit' ? 'delivery' : 'submit';
  const where = rate.code ?? rate.network_name ?? 'this rate';
  const change = async () => {
    try {
      await update({ id: rate.rate_uuid, body: { charge_basis: next } }).unwrap();
      dispatch(showToast('success', `${where}: charged ${CHARGE_BASIS_WORDS[next].toLowerCase()} from now on`));
    } catch (e) {
      dispatch(showToast('error', describeApiError(e)));
    }
  };
  return (
    <Popconfirm
      title={`Charge ${where} ${CHARGE_BASIS_WORDS[next].toLowerCase()}?`}
      description={
        next === 'submit'
          ? 'Messages sent from now on are charged once the carrier accepts them, delivered or not.'
          : 'Messages sent from now on are charged only when a receipt says they were delivered.'
      }
      okText="Change"
      onConfirm={change}
    >
      <Button size="small" loading={isLoading} aria-label={`Charge ${where} ${CHARGE_BASIS_WORDS[next].toLowerCase()}`}>
        {next === 'submit' ? 'Charge on accept' : 'Charge on delivery'}
      </Button>
    </Popconfirm>
  );
}

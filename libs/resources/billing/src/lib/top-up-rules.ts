import { topUpLimit } from '@smsc/shared-contract';

/** The top-up field's rules and help for a currency: the server refuses the same (topUpLimit). */
export function topUpField(currency: string) {
  const { min, max } = topUpLimit(currency);
  const n = (v?: string) => Number(String(v ?? '').trim());
  return {
    help: `From ${currency} ${min} to ${currency} ${max}`,
    rules: [
      { required: true, message: 'Enter an amount' },
      { pattern: /^\s*\d{1,9}(\.\d{1,2})?\s*$/, message: 'Enter an amount such as 50.00' },
      {
        validator: (_: unknown, v?: string) => {
          if (!v || !/^\s*\d{1,9}(\.\d{1,2})?\s*$/.test(v)) return Promise.resolve();
          if (n(v) < Number(min)) return Promise.reject(new Error(`The smallest top-up is ${currency} ${min}`));
          if (n(v) > Number(max)) return Promise.reject(new Error(`The largest top-up is ${currency} ${max}`));
          return Promise.resolve();
        },
      },
    ],
  };
}

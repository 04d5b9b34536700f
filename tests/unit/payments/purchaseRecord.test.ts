import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PURCHASE_RECORD_KEYS, storePurchaseRecord } from '../../../src/payments/purchaseRecord';

const thanksScript = readFileSync(new URL('../../../public/thanks/thanks.js', import.meta.url), 'utf8');

describe('the purchase record', () => {
  it('keeps the return url, the transaction id and the total under its keys', () => {
    const stored = new Map<string, string>();
    storePurchaseRecord({ setItem: (key, value) => void stored.set(key, value) }, { returnUrl: '/1402/dashboard', transactionId: 'in_1', total: 297 });
    expect(Object.fromEntries(stored)).toEqual({
      [PURCHASE_RECORD_KEYS.returnUrl]: '/1402/dashboard',
      [PURCHASE_RECORD_KEYS.transactionId]: 'in_1',
      [PURCHASE_RECORD_KEYS.total]: '297',
    });
  });

  it('is read by the thank-you page under the same keys', () => {
    for (const key of Object.values(PURCHASE_RECORD_KEYS)) expect(thanksScript).toContain(`'${key}'`);
  });
});

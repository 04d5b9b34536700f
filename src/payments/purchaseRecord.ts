import type { PurchaseRecord } from '../../machines/purchase/machine';

/**
 * Where a purchase is kept for the thank-you page (public/thanks/), which opens the return url after
 * a moment. The thank-you page is a static file with its own script, which reads the same keys
 * (tests/unit/payments/purchaseRecord.test.ts holds the two together).
 */
export const PURCHASE_RECORD_KEYS = {
  returnUrl: 'xfilter.purchase.returnUrl',
  transactionId: 'xfilter.purchase.transactionId',
  total: 'xfilter.purchase.total',
} as const;

export function storePurchaseRecord(storage: Pick<Storage, 'setItem'>, record: PurchaseRecord): void {
  storage.setItem(PURCHASE_RECORD_KEYS.returnUrl, record.returnUrl);
  storage.setItem(PURCHASE_RECORD_KEYS.transactionId, record.transactionId);
  storage.setItem(PURCHASE_RECORD_KEYS.total, String(record.total));
}

/** The thank-you pages, served as static files (public/thanks/). */
export const THANKS_PAGES = {
  purchase: '/thanks/',
  cardUpdate: '/thanks/card_update.html',
} as const;

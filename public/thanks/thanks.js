// The thank-you page after a purchase: it shows what the app stored (src/payments/purchaseRecord.ts
// names the keys) and, after a moment or on the button, opens the stored return url with a full
// page load, so the app reloads and opens the group's dashboard with its new plan.
const RETURN_URL_KEY = 'xfilter.purchase.returnUrl';
const TRANSACTION_ID_KEY = 'xfilter.purchase.transactionId';
const TOTAL_KEY = 'xfilter.purchase.total';
const REDIRECT_AFTER_MS = 4000;

/** Only a path of this site: a stored value that is not one goes home. */
function sameSitePath(value) {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/';
}

const returnUrl = sameSitePath(localStorage.getItem(RETURN_URL_KEY));
const transactionId = localStorage.getItem(TRANSACTION_ID_KEY);
const total = localStorage.getItem(TOTAL_KEY);

const continueLink = document.getElementById('thanks-continue');
continueLink.href = returnUrl;

if (transactionId && total) {
  document.getElementById('thanks-transaction').textContent = transactionId;
  document.getElementById('thanks-total').textContent = `$${total}`;
  document.getElementById('thanks-receipt').hidden = false;
}

setTimeout(() => window.location.assign(returnUrl), REDIRECT_AFTER_MS);

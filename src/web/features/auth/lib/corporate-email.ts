/**
 * Whether an email belongs to the company (spec section 5: such an email opens the agent login instead of the
 * customer login). The domain part must be the corporate domain or one of its subdomains, so a look-alike such
 * as `someone@acme.example.com` or `acme.example@gmail.com` stays a customer.
 */
export function isCorporateEmail(email: string, corporateDomain: string): boolean {
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  const corporate = corporateDomain.toLowerCase();
  return domain === corporate || domain.endsWith(`.${corporate}`);
}

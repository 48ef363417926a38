import { msg } from '@lingui/core/runtime-macro';
import { formatDate } from '../../contract/format';
import { directionOf } from '../../contract/locales';
import type { CompanyRow } from '../db/rows';
import { currentLocale, t } from '../i18n';
import type { MailMessage } from './mailer';

/** What a mail needs of its company: the branding, and the id that keeps the local mailbox per company. */
export type Brand = { id: string; name: string; primaryColor: string; supportEmail: string; logoUrl: string };

export function brandOf(c: CompanyRow): Brand {
  return {
    id: c.id,
    name: c.name,
    primaryColor: c.primaryColor,
    supportEmail: c.supportEmail,
    logoUrl: c.logoUrl,
  };
}

export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

export function layout(
  brand: Brand,
  origin: string,
  heading: string,
  body: string,
  action: { label: string; url: string },
) {
  const locale = currentLocale();
  const logo = brand.logoUrl ? `<img src="${escapeHtml(origin + brand.logoUrl)}" alt="" height="40">` : '';
  return `<!doctype html><html lang="${locale}" dir="${directionOf(locale)}"><body style="margin:0;background:#f4f4f7;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${escapeHtml(brand.primaryColor)};padding:16px 24px;color:#ffffff;font-size:20px;font-weight:bold">${logo} ${escapeHtml(brand.name)}</td></tr>
<tr><td style="padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:${escapeHtml(brand.primaryColor)};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(t(msg`If the button does not work, open this link:`))} <br><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#6b7280">${escapeHtml(brand.name)}${brand.supportEmail ? ` · ${escapeHtml(brand.supportEmail)}` : ''}</td></tr>
</table></td></tr></table></body></html>`;
}

export function from(brand: Brand, fallback: string | undefined): string {
  return fallback ?? `"${brand.name.replace(/"/g, '')}" <${brand.supportEmail || 'no-reply@localhost'}>`;
}

/** A mail that carries a one-time link (verification, password reset). */
export type TokenMail = {
  brand: Brand;
  origin: string;
  to: string;
  firstName: string;
  token: string;
  mailFrom?: string | undefined;
};

export function verificationMail(p: TokenMail): MailMessage {
  const url = `${p.origin}/verification/${p.token}`;
  const hi = t(msg`Hi ${{ firstName: p.firstName }},`);
  const welcome = t(msg`Welcome to ${{ company: p.brand.name }}.`);
  const confirm = t(msg`Confirm your email address to start using your account`);
  const once = t(msg`The link works once and expires in 24 hours.`);
  const text = `${hi}\n\n${welcome} ${confirm}:\n\n${url}\n\n${once} ${t(msg`If you did not sign up, ignore this message.`)}\n`;
  const body = `<p>${escapeHtml(hi)}</p><p>${escapeHtml(welcome)} ${escapeHtml(confirm)}. ${escapeHtml(once)}</p>`;
  return {
    companyId: p.brand.id,
    from: from(p.brand, p.mailFrom),
    to: p.to,
    subject: t(msg`Confirm your email for ${{ company: p.brand.name }}`),
    text,
    html: layout(p.brand, p.origin, t(msg`Confirm your email`), body, {
      label: t(msg`Confirm my email`),
      url,
    }),
    links: [url],
  };
}

export function resetMail(p: TokenMail): MailMessage {
  const url = `${p.origin}/resetPassword?token=${encodeURIComponent(p.token)}`;
  const hi = t(msg`Hi ${{ firstName: p.firstName }},`);
  const asked = t(msg`Someone asked to reset the password of your ${{ company: p.brand.name }} account.`);
  const rest = t(
    msg`The link works once and expires in 1 hour. If it was not you, ignore this message; your password stays as it is.`,
  );
  const text = `${hi}\n\n${asked} ${t(msg`To choose a new password, open:`)}\n\n${url}\n\n${rest}\n`;
  const body = `<p>${escapeHtml(hi)}</p><p>${escapeHtml(asked)} ${escapeHtml(rest)}</p>`;
  return {
    companyId: p.brand.id,
    from: from(p.brand, p.mailFrom),
    to: p.to,
    subject: t(msg`Reset your ${{ company: p.brand.name }} password`),
    text,
    html: layout(p.brand, p.origin, t(msg`Reset your password`), body, {
      label: t(msg`Choose a new password`),
      url,
    }),
    links: [url],
  };
}

/** A portal notification by email: its title and body, and a button to the page it is about. */
export function notificationMail(p: {
  brand: Brand;
  origin: string;
  to: string;
  firstName: string;
  title: string;
  body: string;
  link: string;
  action: string;
  mailFrom?: string | undefined;
}): MailMessage {
  const url = `${p.origin}${p.link}`;
  const hi = t(msg`Hi ${{ firstName: p.firstName }},`);
  const choose = t(msg`You can choose which emails you get on your profile page.`);
  const text = `${hi}\n\n${p.title}\n\n${p.body}\n\n${p.action}: ${url}\n\n${choose}\n`;
  const body = `<p>${escapeHtml(hi)}</p><p>${escapeHtml(p.body)}</p><p style="font-size:13px;color:#6b7280">${escapeHtml(choose)}</p>`;
  return {
    companyId: p.brand.id,
    from: from(p.brand, p.mailFrom),
    to: p.to,
    subject: `${p.title} · ${p.brand.name}`,
    text,
    html: layout(p.brand, p.origin, p.title, body, { label: p.action, url }),
    links: [url],
  };
}

/**
 * Sent instead of a verification mail when someone signs up with an address that already has an account, so the
 * sign-up reply can be the same either way (it never tells a stranger which addresses have accounts).
 */
export function accountExistsMail(p: {
  brand: Brand;
  origin: string;
  to: string;
  firstName: string;
  mailFrom?: string | undefined;
}): MailMessage {
  const url = `${p.origin}/login`;
  const reset = `${p.origin}/forgotPassword`;
  const hi = t(msg`Hi ${{ firstName: p.firstName }},`);
  const tried = t(
    msg`Someone (maybe you) tried to create a new ${{ company: p.brand.name }} account with this email address, which already has one. No new account was made.`,
  );
  const signIn = t(msg`Sign in`);
  const forgot = t(msg`Forgot your password?`);
  const ignore = t(msg`If it was not you, you can ignore this message.`);
  const text = `${hi}\n\n${tried}\n\n${signIn}: ${url}\n${forgot} ${reset}\n\n${ignore}\n`;
  const body = `<p>${escapeHtml(hi)}</p><p>${escapeHtml(tried)}</p><p>${escapeHtml(forgot)} <a href="${escapeHtml(reset)}">${escapeHtml(t(msg`Choose a new one`))}</a>. ${escapeHtml(ignore)}</p>`;
  return {
    companyId: p.brand.id,
    from: from(p.brand, p.mailFrom),
    to: p.to,
    subject: t(msg`Your ${{ company: p.brand.name }} account already exists`),
    text,
    html: layout(p.brand, p.origin, t(msg`You already have an account`), body, { label: signIn, url }),
    links: [url, reset],
  };
}

/**
 * The sender of an invoice mail: the company's name with the configured sending address (MAIL_FROM's address when
 * set, else the company's support address), so the customer sees who bills them.
 */
export function invoiceFrom(brand: Brand, mailFrom: string | undefined): string {
  const configured = mailFrom ? (/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()) : '';
  const address = configured || brand.supportEmail || 'no-reply@localhost';
  return `"${brand.name.replace(/["\\]/g, '')}" <${address}>`;
}

const dayText = (d: string) => formatDate(d);

/** The send drawer's defaults for an invoice: from, to, a subject and message naming the amount and due date. */
export function invoiceMailDraft(p: {
  brand: Brand;
  mailFrom: string | undefined;
  to: string;
  firstName: string;
  number: string;
  /** The amount due, formatted. */
  total: string;
  dueDate: string | null;
}) {
  const day = p.dueDate ? dayText(p.dueDate) : '';
  const due = p.dueDate ? t(msg`, due by ${{ day }}`) : '';
  const { number, total } = p;
  return {
    from: invoiceFrom(p.brand, p.mailFrom),
    to: p.to,
    subject: t(msg`Invoice ${{ number }} from ${{ company: p.brand.name }}: ${{ total }}${{ due }}`),
    message: [
      t(msg`Hi ${{ firstName: p.firstName }},`),
      t(msg`Please find attached invoice ${{ number }} for ${{ total }}${{ due }}.`),
      t(msg`You can pay at the counter (cash or card) or by bank transfer, quoting the invoice number.`),
      `${t(msg`Thank you,`)}\n${p.brand.name}`,
    ].join('\n\n'),
    attachment: `${p.number}.pdf`,
  };
}

/** The invoice mail staff send: their subject and message, a link to it online (its PDF is attached when it goes). */
export function invoiceSendMail(p: {
  brand: Brand;
  origin: string;
  from: string;
  to: string;
  subject: string;
  message: string;
  invoiceId: string;
}): Omit<MailMessage, 'attachments'> {
  const url = `${p.origin}/user/invoices/${p.invoiceId}`;
  const paragraphs = p.message
    .split(/\n{2,}/)
    .map((para) => `<p>${escapeHtml(para).replace(/\n/g, '<br>')}</p>`)
    .join('');
  return {
    companyId: p.brand.id,
    from: p.from,
    to: p.to,
    subject: p.subject,
    text: `${p.message}\n\n${t(msg`View it online:`)} ${url}\n`,
    html: layout(p.brand, p.origin, p.subject, paragraphs, { label: t(msg`View the invoice`), url }),
    links: [url],
  };
}

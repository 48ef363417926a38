import { msg } from '@lingui/core/runtime-macro';
import { INVITATION_TTL_DAYS, type StaffRole } from '../../contract/staff';
import { t } from '../i18n';
import type { MailMessage } from '../mail/mailer';
import { type Brand, escapeHtml, from, layout } from '../mail/templates';

/** "You are invited to join <company> as <role>.", whole sentences so each language words the role its own way. */
function invited(company: string, role: StaffRole): string {
  return role === 'admin'
    ? t(msg`You are invited to join ${{ company }} as an administrator.`)
    : t(msg`You are invited to join ${{ company }} as a staff member.`);
}

/** The invitation to join a company's staff: a single-use link to `/invite/<token>` on the company's own host. */
export function invitationMail(p: {
  brand: Brand;
  origin: string;
  to: string;
  role: StaffRole;
  token: string;
  mailFrom?: string | undefined;
}): MailMessage {
  const url = `${p.origin}/invite/${p.token}`;
  const company = p.brand.name;
  const days = INVITATION_TTL_DAYS;
  const hello = t(msg`Hello,`);
  const once = t(msg`The link works once and expires in ${{ days }} days.`);
  const ignore = t(msg`If you did not expect this, ignore this message.`);
  const text = `${hello}\n\n${invited(company, p.role)} ${t(msg`To accept, choose your password here:`)}\n\n${url}\n\n${once} ${ignore}\n`;
  const body = `<p>${escapeHtml(hello)}</p><p>${escapeHtml(invited(company, p.role))} ${escapeHtml(once)} ${escapeHtml(ignore)}</p>`;
  return {
    companyId: p.brand.id,
    from: from(p.brand, p.mailFrom),
    to: p.to,
    subject: t(msg`You are invited to join ${{ company }}`),
    text,
    html: layout(p.brand, p.origin, t(msg`Join ${{ company }}`), body, {
      label: t(msg`Accept the invitation`),
      url,
    }),
    links: [url],
  };
}

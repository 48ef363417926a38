import { INVITATION_TTL_DAYS, type StaffRole } from '../../contract/staff';
import type { MailMessage } from '../mail/mailer';
import { type Brand, escapeHtml, from, layout } from '../mail/templates';

const roleName: Record<StaffRole, string> = { staff: 'staff member', admin: 'administrator' };

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
  const as = `${roleName[p.role] === 'administrator' ? 'an' : 'a'} ${roleName[p.role]}`;
  const text = `Hello,\n\nYou are invited to join ${p.brand.name} as ${as}. To accept, choose your password here:\n\n${url}\n\nThe link works once and expires in ${INVITATION_TTL_DAYS} days. If you did not expect this, ignore this message.\n`;
  const body = `<p>Hello,</p><p>You are invited to join ${escapeHtml(p.brand.name)} as ${as}. The link works once and expires in ${INVITATION_TTL_DAYS} days. If you did not expect this, ignore this message.</p>`;
  return {
    companyId: p.brand.id,
    from: from(p.brand, p.mailFrom),
    to: p.to,
    subject: `You are invited to join ${p.brand.name}`,
    text,
    html: layout(p.brand, p.origin, `Join ${p.brand.name}`, body, { label: 'Accept the invitation', url }),
    links: [url],
  };
}

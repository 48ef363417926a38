import { useLingui } from '@lingui/react/macro';
import { Button, CopyButton, Group, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { Address } from '../../contract/companies';
import { type Recipient, shippingAddressFields, shippingAddressLines } from '../lib/shipping-address';
import { CopyValue } from './CopyValue';
import classes from './ShippingAddress.module.css';

/**
 * The customer's US warehouse address, one field per line with its own copy button, then a button that copies
 * it whole. Two siblings: the caller's stack spaces them.
 */
export function ShippingAddress({
  recipient,
  warehouse,
  testId,
  copyVariant,
}: {
  recipient: Recipient;
  warehouse: { warehouse_address: Address };
  testId: string;
  /** How the "Copy address" button stands out before it is used. */
  copyVariant: 'filled' | 'default';
}) {
  const { t } = useLingui();
  const fields = shippingAddressFields(recipient, warehouse);
  return (
    <>
      <address aria-label={t`US warehouse address`} data-testid={testId} className={classes.address}>
        <dl className={classes.fields}>
          {fields.map((f) => (
            <div key={f.label} className={classes.field}>
              <dt className={classes.label}>{f.label}</dt>
              <dd className={classes.value}>
                {/* An address is written left to right whatever the language around it. */}
                <span dir="auto">{f.value}</span>
                <CopyValue value={f.value} label={f.label} />
              </dd>
            </div>
          ))}
        </dl>
      </address>
      <CopyButton value={shippingAddressLines(recipient, warehouse).join('\n')} timeout={2000}>
        {({ copied, copy }) => (
          <Button
            variant={copied ? 'light' : copyVariant}
            color={copied ? 'green' : undefined}
            leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            onClick={copy}
            aria-live="polite"
          >
            {copied ? t`Address copied` : t`Copy address`}
          </Button>
        )}
      </CopyButton>
    </>
  );
}

/** The mailbox number, large, with its copy button: the customer writes it on every parcel. */
export function MailboxNumber({ value, fz, testId }: { value: string; fz: number; testId: string }) {
  const { t } = useLingui();
  return (
    <Group gap="xs" wrap="nowrap">
      <Text fz={fz} fw={800} c="brand" data-testid={testId}>
        {value}
      </Text>
      <CopyValue value={value} label={t`Mailbox number`} />
    </Group>
  );
}

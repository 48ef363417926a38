import '../i18n';
import { msg, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import {
  Button,
  ColorInput,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { DEFAULT_TIME_ZONE, timeZoneNames } from '../../../../contract/format';
import type { CreatePlatformCompanyBody, PlatformCompany } from '../../../../contract/platform';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import type { ErrorSink } from '../../../lib/form';
import { useFormSubmit } from '../../../lib/use-form-submit';

export type CompanyValues = {
  name: string;
  short_name: string;
  hosts: string;
  mailbox_prefix: string;
  currency: string;
  time_zone: string;
  primary_color: string;
  support_email: string;
  support_phone: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  phone: string;
};

const ADDRESS = ['line1', 'line2', 'city', 'state', 'postal_code', 'country', 'phone'] as const;

/** Host names as typed: one per line, or separated by commas or spaces. */
export const splitHosts = (text: string): string[] =>
  text
    .split(/[\s,]+/)
    .map((h) => h.trim())
    .filter(Boolean);

export function toCompanyBody(v: CompanyValues): CreatePlatformCompanyBody {
  return {
    name: v.name,
    short_name: v.short_name,
    hosts: splitHosts(v.hosts),
    mailbox_prefix: v.mailbox_prefix,
    currency: v.currency,
    time_zone: v.time_zone,
    primary_color: v.primary_color,
    support_email: v.support_email,
    support_phone: v.support_phone,
    warehouse_address: Object.fromEntries(
      ADDRESS.map((k) => [k, v[k]]),
    ) as CreatePlatformCompanyBody['warehouse_address'],
  };
}

/**
 * The server's field names, as the form's fields: a host's own error (`hosts.1`) goes on the host names, an
 * address line's (`warehouse_address.city`) on that line.
 */
export const SERVER_FIELDS: Record<string, keyof CompanyValues> = {
  ...Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`hosts.${i}`, 'hosts'])),
  ...Object.fromEntries(ADDRESS.map((k) => [`warehouse_address.${k}`, k])),
  warehouse_address: 'line1',
  hosts: 'hosts',
  name: 'name',
  short_name: 'short_name',
  mailbox_prefix: 'mailbox_prefix',
  currency: 'currency',
  time_zone: 'time_zone',
  primary_color: 'primary_color',
  support_email: 'support_email',
  support_phone: 'support_phone',
};

/** A required field's check; the message is read when it is shown, in the language shown then. */
const required = (message: () => string) => (v: string) => (v.trim() ? null : message());

/** The form's own checks (the server checks the same and more). */
const VALIDATE = {
  name: required(() => t`Enter the company name`),
  short_name: required(() => t`Enter the short name`),
  hosts: (v: string) => (splitHosts(v).length ? null : t`Enter at least one host name`),
  mailbox_prefix: (v: string) => (/^[A-Za-z]{2,5}$/.test(v.trim()) ? null : t`2–5 letters, e.g. CRL`),
  currency: (v: string) => (/^[A-Za-z]{3}$/.test(v.trim()) ? null : t`A three-letter code, e.g. JMD`),
  primary_color: (v: string) => (/^#[0-9a-fA-F]{6}$/.test(v) ? null : t`A colour like #0f766e`),
  support_email: required(() => t`Enter the support e-mail`),
  support_phone: required(() => t`Enter the support phone`),
  line1: required(() => t`Enter the first address line`),
  city: required(() => t`Enter the city`),
  state: required(() => t`Enter the state`),
  postal_code: required(() => t`Enter the ZIP code`),
  country: required(() => t`Enter the country`),
};

/** The new company's form: who it is, where it answers, how it numbers mailboxes, and its US warehouse. */
export function CompanyForm({
  send,
  onSent,
}: {
  send: (body: CreatePlatformCompanyBody) => Promise<PlatformCompany>;
  onSent: (created: PlatformCompany) => void;
}) {
  const { i18n } = useLingui();
  const zones = useMemo(() => timeZoneNames().map((z) => ({ value: z, label: z.replace(/_/g, ' ') })), []);
  const form = useForm<CompanyValues>({
    initialValues: {
      name: '',
      short_name: '',
      hosts: '',
      mailbox_prefix: '',
      currency: 'JMD',
      time_zone: DEFAULT_TIME_ZONE,
      primary_color: '#0f766e',
      support_email: '',
      support_phone: '',
      line1: '',
      line2: '',
      city: '',
      state: '',
      postal_code: '',
      country: 'United States',
      phone: '',
    },
    validate: VALIDATE,
  });
  const errorSink: ErrorSink = {
    values: SERVER_FIELDS,
    setFieldError: (path, message) => form.setFieldError(SERVER_FIELDS[path] ?? path, message),
  };
  const { formRef, onSubmit, formError, busy } = useFormSubmit({
    form,
    toBody: toCompanyBody,
    send,
    onSent,
    failure: i18n._(msg`The company could not be created`),
    errorSink,
  });
  const input = (key: keyof CompanyValues) => ({ ...form.getInputProps(key), disabled: busy });
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={760}>
        <FormErrorAlert title={i18n._(msg`Not created`)} error={formError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={i18n._(msg`Company name`)} required data-autofocus {...input('name')} />
          <TextInput
            label={i18n._(msg`Short name`)}
            description={i18n._(msg`Shown where space is short (the installed app's name)`)}
            required
            maxLength={40}
            {...input('short_name')}
          />
        </SimpleGrid>
        <Textarea
          label={i18n._(msg`Host names`)}
          description={i18n._(
            msg`One per line: a name under the platform's domain or the company's own, e.g. coral.example.com`,
          )}
          required
          rows={3}
          autoCapitalize="none"
          spellCheck={false}
          {...input('hosts')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={i18n._(msg`Mailbox prefix`)}
            description={i18n._(msg`Starts every mailbox number, e.g. CRL-10001`)}
            required
            maxLength={5}
            {...input('mailbox_prefix')}
          />
          <TextInput
            label={i18n._(msg`Currency`)}
            description={i18n._(msg`ISO 4217 code`)}
            required
            maxLength={3}
            {...input('currency')}
          />
          <Select
            label={i18n._(msg`Time zone`)}
            required
            searchable
            allowDeselect={false}
            nothingFoundMessage={i18n._(msg`No time zone found`)}
            data={zones}
            {...input('time_zone')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <ColorInput
            label={i18n._(msg`Brand colour`)}
            required
            format="hex"
            withEyeDropper={false}
            {...input('primary_color')}
          />
          <TextInput label={i18n._(msg`Support e-mail`)} type="email" required {...input('support_email')} />
          <TextInput label={i18n._(msg`Support phone`)} type="tel" required {...input('support_phone')} />
        </SimpleGrid>
        <Fieldset legend={i18n._(msg`US warehouse address (customers ship here)`)}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={i18n._(msg`Address line 1`)} required {...input('line1')} />
            <TextInput label={i18n._(msg`Address line 2`)} {...input('line2')} />
            <TextInput label={i18n._(msg`City`)} required {...input('city')} />
            <TextInput label={i18n._(msg`State`)} required {...input('state')} />
            <TextInput label={i18n._(msg`ZIP code`)} required {...input('postal_code')} />
            <TextInput label={i18n._(msg`Country`)} required {...input('country')} />
            <TextInput label={i18n._(msg`Warehouse phone`)} type="tel" {...input('phone')} />
          </SimpleGrid>
        </Fieldset>
        <Group justify="flex-end">
          <Button type="submit" loading={busy} mih={44}>
            {i18n._(msg`Create company`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

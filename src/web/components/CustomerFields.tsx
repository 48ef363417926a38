import { Trans } from '@lingui/react/macro';
import { SimpleGrid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

/** What a field below needs of a Mantine form: the key and input props of its own fields. */
export interface FormFields<Path extends string> {
  key: (path: Path) => string;
  getInputProps: (path: Path) => GetInputPropsReturnType;
}

/*
 * The customer's own details, labelled and autocompleted the same wherever they are entered (sign-up, profile).
 * Each field is its own component: the screens lay them out differently.
 */

export function NameFields({ form }: { form: FormFields<'first_name' | 'last_name'> }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <TextInput
        label={<Trans>First name</Trans>}
        autoComplete="given-name"
        required
        key={form.key('first_name')}
        {...form.getInputProps('first_name')}
      />
      <TextInput
        label={<Trans>Last name</Trans>}
        autoComplete="family-name"
        required
        key={form.key('last_name')}
        {...form.getInputProps('last_name')}
      />
    </SimpleGrid>
  );
}

export function EmailField({ form }: { form: FormFields<'email'> }) {
  return (
    <TextInput
      label={<Trans>Email</Trans>}
      type="email"
      autoComplete="email"
      required
      key={form.key('email')}
      {...form.getInputProps('email')}
    />
  );
}

export function PhoneField({ form }: { form: FormFields<'phone'> }) {
  return (
    <TextInput
      label={<Trans>Phone</Trans>}
      type="tel"
      autoComplete="tel"
      required
      description={<Trans>For example 876-555-0123</Trans>}
      key={form.key('phone')}
      {...form.getInputProps('phone')}
    />
  );
}

export function AddressField({ form }: { form: FormFields<'address'> }) {
  return (
    <TextInput
      label={<Trans>Address</Trans>}
      autoComplete="street-address"
      required
      key={form.key('address')}
      {...form.getInputProps('address')}
    />
  );
}

export function TrnField({ form }: { form: FormFields<'trn'> }) {
  return (
    <TextInput
      label={<Trans>TRN (optional)</Trans>}
      description={<Trans>Taxpayer Registration Number, 9 digits</Trans>}
      inputMode="numeric"
      key={form.key('trn')}
      {...form.getInputProps('trn')}
    />
  );
}

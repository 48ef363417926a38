import '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Card,
  ColorInput,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import type { Branding } from '../../../../contract/branding';
import { SHORT_NAME_MAX } from '../../../../contract/branding-rules';
import { brandContrast, formatRatio } from '../../../../contract/contrast';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { applyServerErrors } from '../../../lib/form';
import {
  type BrandingValues,
  brandingBody,
  brandingValues,
  checkBranding,
  fieldOf,
  isHexColor,
} from '../branding-form';
import { type BrandingCalls, useSaveBranding } from '../hooks';
import { BrandPreview } from './BrandPreview';

const SWATCHES = ['#6d28d9', '#1d4ed8', '#0f766e', '#15803d', '#b91c1c', '#c2410c', '#be185d', '#334155'];

/** The colour's readability in words: the warning when white text is hard to read on it, else the ratios. */
function ContrastNote({ color }: { color: string }) {
  const { t } = useLingui();
  if (!isHexColor(color)) return null;
  const c = brandContrast(color);
  const dark = formatRatio(c.dark_text);
  const white = formatRatio(c.white_text);
  const warning = c.warning;
  if (c.warning) {
    return (
      <Alert color="yellow" variant="light" title={t`Low contrast`} data-testid="brand-contrast">
        <Trans>
          {warning}. Dark text on it reads {dark}.
        </Trans>
      </Alert>
    );
  }
  return (
    <Text size="sm" c="dimmed" data-testid="brand-contrast">
      <Trans>
        White text on this colour reads {white} (4.5:1 is needed); dark text {dark}.
      </Trans>
    </Text>
  );
}

/** Name, short name, colour, contacts and warehouse address, with a live preview; "Save branding" sends them. */
export function BrandingForm({ branding, calls }: { branding: Branding; calls?: BrandingCalls | undefined }) {
  const { t } = useLingui();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<BrandingValues>({
    mode: 'controlled',
    initialValues: brandingValues(branding),
    validate: checkBranding,
  });
  const save = useSaveBranding(calls);

  // A newer copy from the server replaces what is shown, unless the admin has started editing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: new branding is the trigger; the form is not an input
  useEffect(() => {
    if (form.isDirty()) return;
    const values = brandingValues(branding);
    form.setInitialValues(values);
    form.setValues(values);
  }, [branding]);

  const busy = save.isPending;
  const field = (name: keyof BrandingValues) => ({ disabled: busy, ...form.getInputProps(name) });
  const v = form.values;

  return (
    <>
      <BrandPreview
        name={v.name}
        shortName={v.short_name}
        color={isHexColor(v.primary_color) ? v.primary_color : branding.primary_color}
        logoUrl={branding.logo_url}
        iconLogoUrl={branding.logo ? branding.logo_url : ''}
      />
      <form
        noValidate
        aria-labelledby="brand-details-heading"
        onSubmit={form.onSubmit((values) => {
          setFormError(null);
          save.mutate(brandingBody(values), {
            onSuccess: (saved) => {
              const next = brandingValues(saved);
              form.setInitialValues(next);
              form.setValues(next);
              form.resetDirty(next);
              notifications.show({
                color: 'green',
                title: t`Branding saved`,
                message: t`New visits get it at once: the header, the page title, the colour and the app icon.`,
              });
            },
            onError: (e) =>
              setFormError(
                applyServerErrors(form, e, t`Could not save. Check your connection and try again.`, fieldOf),
              ),
          });
        })}
      >
        <Card padding="lg" component="section">
          <Stack gap="md">
            <Title order={2} fz="lg" id="brand-details-heading">
              <Trans>Name, colour and contacts</Trans>
            </Title>
            <FormErrorAlert title={t`Could not save the branding`} error={formError} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label={t`Company name`} required maxLength={120} {...field('name')} />
              <TextInput
                label={t`Short name`}
                description={t`Under the app's icon on a phone's home screen: ${{ max: SHORT_NAME_MAX }} characters at most`}
                required
                {...field('short_name')}
              />
            </SimpleGrid>
            <ColorInput
              label={t`Brand colour`}
              description={t`Buttons, the browser's bar and the app icon`}
              required
              withAsterisk={false}
              format="hex"
              eyeDropperButtonProps={{ 'aria-label': t`Pick the colour from the screen` }}
              swatches={SWATCHES}
              maw={320}
              {...field('primary_color')}
            />
            <ContrastNote color={v.primary_color} />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <TextInput label={t`Support e-mail (optional)`} type="email" {...field('support_email')} />
              <TextInput label={t`Support phone (optional)`} type="tel" {...field('support_phone')} />
              <TextInput
                label={t`Website (optional)`}
                type="url"
                placeholder="https://"
                {...field('website')}
              />
            </SimpleGrid>
            <Title order={3} fz="md">
              <Trans>Warehouse address</Trans>
            </Title>
            <Text size="sm" c="dimmed" mt={-8}>
              <Trans>Where customers ship their parcels (shown with their mailbox number).</Trans>
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label={t`Address line 1`} required {...field('line1')} />
              <TextInput label={t`Address line 2 (optional)`} {...field('line2')} />
              <TextInput label={t`City`} required {...field('city')} />
              <TextInput label={t`State`} required {...field('state')} />
              <TextInput label={t`Postal code`} required {...field('postal_code')} />
              <TextInput label={t`Country`} required {...field('country')} />
              <TextInput label={t`Warehouse phone (optional)`} type="tel" {...field('phone')} />
            </SimpleGrid>
            <Group justify="flex-end" gap="xs" wrap="nowrap">
              <Button variant="default" disabled={!form.isDirty() || busy} onClick={() => form.reset()}>
                <Trans>Undo</Trans>
              </Button>
              <Button type="submit" loading={busy}>
                <Trans>Save branding</Trans>
              </Button>
            </Group>
          </Stack>
        </Card>
      </form>
    </>
  );
}

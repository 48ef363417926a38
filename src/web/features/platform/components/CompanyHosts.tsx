import '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { PlatformCompany, UpdatePlatformCompanyBody } from '../../../../contract/platform';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { SERVER_FIELDS, splitHosts } from './CompanyForm';

/** The host names the company answers on, one per line; a host another company uses is refused on the field. */
export function CompanyHosts({
  company,
  update,
}: {
  company: PlatformCompany;
  update: (body: UpdatePlatformCompanyBody) => Promise<PlatformCompany>;
}) {
  const { t } = useLingui();
  const form = useForm({
    initialValues: { hosts: company.hosts.join('\n') },
    validate: { hosts: (v) => (splitHosts(v).length ? null : t`Enter at least one host name`) },
  });
  const { formRef, onSubmit, formError, busy } = useFormSubmit({
    form,
    toBody: (v): UpdatePlatformCompanyBody => ({ hosts: splitHosts(v.hosts) }),
    send: update,
    onSent: (saved) => {
      form.setValues({ hosts: saved.hosts.join('\n') });
      form.resetDirty({ hosts: saved.hosts.join('\n') });
      notifications.show({ color: 'green', message: t`Host names saved` });
    },
    failure: t`The host names could not be saved`,
    errorSink: {
      values: SERVER_FIELDS,
      setFieldError: (path, message) =>
        form.setFieldError(SERVER_FIELDS[path] === 'hosts' ? 'hosts' : path, message),
    },
  });
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="sm" maw={520}>
        <FormErrorAlert title={t`Not saved`} error={formError} />
        <Textarea
          label={t`Host names`}
          description={t`One per line`}
          rows={3}
          autoCapitalize="none"
          spellCheck={false}
          disabled={busy}
          {...form.getInputProps('hosts')}
        />
        <Group>
          <Button type="submit" variant="light" loading={busy} disabled={!form.isDirty()} mih={44}>
            <Trans>Save host names</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

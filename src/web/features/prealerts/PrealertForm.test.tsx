import { onlineManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Prealert } from '../../../contract/packages';
import { ApiError } from '../../lib/api/api-error';
import { render, screen, waitFor } from '../../test/render';
import { PrealertForm, type SubmitPrealert } from './PrealertForm';

beforeAll(() => {
  // jsdom has no FontFaceSet; Mantine's autosizing Textarea listens to it.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
    });
  }
});

const file = (name: string, type: string, size = 1000) => {
  const f = new File(['%PDF-1.4'], name, { type, lastModified: Math.round(Math.random() * 1e9) });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

const sent = (tracking: string): Prealert =>
  ({ id: 'p1', tracking_number: tracking, status: 'pending', files: [] }) as unknown as Prealert;

function setup(submit: SubmitPrealert = vi.fn(async (fields) => sent(fields.tracking_number))) {
  // The accept attribute is the picker's hint; the form's own rules must refuse what slips past it.
  const user = userEvent.setup({ applyAccept: false, delay: null });
  render(<PrealertForm submit={submit} />);
  return { user, submit };
}

const fileInput = () => screen.findByLabelText('Invoice or receipt files');

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Tracking number/), ' tba 1234 5678 ');
  await user.type(screen.getByLabelText(/^Seller or store/), 'Amazon');
  await user.type(screen.getByLabelText(/^Description/), 'Phone charger');
  await user.type(screen.getByLabelText(/^Weight \(lb\)/), '2.5');
  await user.type(screen.getByLabelText(/^Declared value \(US\$\)/), '39.99');
  await user.click(screen.getByRole('combobox', { name: /^Package type/ }));
  await user.click(await screen.findByRole('option', { name: 'Box' }));
}

describe('PrealertForm', () => {
  it('labels every field and starts the dimensions at 0', async () => {
    setup();
    for (const label of [
      /^Tracking number/,
      /^Seller or store/,
      /^Description/,
      /^Weight \(lb\)/,
      /^Declared value \(US\$\)/,
      /^Length \(in\)/,
      /^Width \(in\)/,
      /^Height \(in\)/,
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByRole('combobox', { name: /^Package type/ })).toBeTruthy();
    expect(await fileInput()).toBeTruthy();
    expect((screen.getByLabelText(/^Length \(in\)/) as HTMLInputElement).value).toBe('0');
    expect((screen.getByLabelText(/^Width \(in\)/) as HTMLInputElement).value).toBe('0');
    expect((screen.getByLabelText(/^Height \(in\)/) as HTMLInputElement).value).toBe('0');
  });

  it('shows a message on every required field and sends nothing', async () => {
    const { user, submit } = setup();
    await user.click(screen.getByRole('button', { name: 'Send pre-alert' }));
    expect(await screen.findByText('A tracking number has at least 5 characters')).toBeTruthy();
    expect(screen.getByText('Enter the seller or store')).toBeTruthy();
    expect(screen.getByText('Describe the contents')).toBeTruthy();
    expect(screen.getByText('Enter the weight in pounds')).toBeTruthy();
    expect(screen.getByText('Enter the value in US dollars')).toBeTruthy();
    expect(screen.getByText('Choose the package type')).toBeTruthy();
    expect(screen.getByText('Attach the invoice or receipt (PDF or photo)')).toBeTruthy();
    expect(screen.getByLabelText(/^Tracking number/).getAttribute('aria-invalid')).toBe('true');
    expect(submit).not.toHaveBeenCalled();
  });

  it('checks the numbers and the tracking number format', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText(/^Tracking number/), 'ABC#123!');
    await user.type(screen.getByLabelText(/^Weight \(lb\)/), '2500');
    await user.type(screen.getByLabelText(/^Declared value \(US\$\)/), '0');
    await user.clear(screen.getByLabelText(/^Height \(in\)/));
    await user.type(screen.getByLabelText(/^Height \(in\)/), '900');
    await user.click(screen.getByRole('button', { name: 'Send pre-alert' }));
    expect(await screen.findByText('Use only letters, digits and dashes')).toBeTruthy();
    expect(screen.getByText('Weight is too large')).toBeTruthy();
    expect(screen.getByText('Enter the value in US dollars')).toBeTruthy();
    expect(screen.getByText('Height is too large')).toBeTruthy();
  });

  it('refuses files of the wrong type, too large, or too many, each with its message', async () => {
    const { user } = setup();
    const input = await fileInput();
    await user.upload(input, [
      file('receipt.pdf', 'application/pdf'),
      file('setup.exe', 'application/x-msdownload'),
      file('scan.pdf', 'application/pdf', 11 * 1024 * 1024),
    ]);
    expect(await screen.findByText('setup.exe is not a PDF, JPEG, PNG, WebP or HEIC file')).toBeTruthy();
    expect(screen.getByText('scan.pdf is larger than 10 MB')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Chosen files (1)' })).toBeTruthy();

    await user.upload(
      input,
      [1, 2, 3, 4, 5].map((i) => file(`photo-${i}.png`, 'image/png')),
    );
    expect(await screen.findByText('Attach at most 5 files')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Chosen files (5)' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove receipt.pdf' }));
    expect(screen.getByRole('list', { name: 'Chosen files (4)' })).toBeTruthy();
  });

  it('sends normalised fields and the files, shows the percentage, then resets', async () => {
    let report: (percent: number) => void = () => {};
    let finish: (p: Prealert) => void = () => {};
    const submit = vi.fn<SubmitPrealert>(
      (_fields, _files, onProgress) =>
        new Promise<Prealert>((resolve) => {
          report = onProgress;
          finish = resolve;
        }),
    );
    const { user } = setup(submit);
    await fillValid(user);
    const receipt = file('receipt.pdf', 'application/pdf');
    await user.upload(await fileInput(), receipt);
    await user.click(screen.getByRole('button', { name: 'Send pre-alert' }));

    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const [fields, files] = submit.mock.calls[0] ?? [];
    expect(fields).toEqual({
      tracking_number: 'TBA12345678',
      seller_name: 'Amazon',
      description: 'Phone charger',
      weight: 2.5,
      value: 39.99,
      package_type: 'box',
      height: 0,
      length: 0,
      width: 0,
    });
    expect(files).toEqual([receipt]);

    report(42);
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('42'));
    expect(screen.getByText('42%')).toBeTruthy();

    finish(sent('TBA12345678'));
    await waitFor(() =>
      expect((screen.getByLabelText(/^Tracking number/) as HTMLInputElement).value).toBe(''),
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('list', { name: /Chosen files/ })).toBeNull();
  });

  it("shows the reply's message and puts its field errors on the fields", async () => {
    const submit = vi.fn<SubmitPrealert>(async () => {
      throw new ApiError(409, 'You already pre-alerted TBA12345678', {
        tracking_number: ['You already pre-alerted this tracking number'],
      });
    });
    const { user } = setup(submit);
    await fillValid(user);
    await user.upload(await fileInput(), file('receipt.pdf', 'application/pdf'));
    await user.click(screen.getByRole('button', { name: 'Send pre-alert' }));
    expect(await screen.findByText('You already pre-alerted TBA12345678')).toBeTruthy();
    expect(screen.getByText('You already pre-alerted this tracking number')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByLabelText(/^Tracking number/).getAttribute('aria-invalid')).toBe('true'),
    );
    // The values stay for another try.
    expect((screen.getByLabelText(/^Seller or store/) as HTMLInputElement).value).toBe('Amazon');
  });

  it('offline, still hands the pre-alert to its sender (which queues it) instead of pausing until online', async () => {
    onlineManager.setOnline(false);
    try {
      const submit = vi.fn<SubmitPrealert>(async () => null);
      const { user } = setup(submit);
      await fillValid(user);
      await user.upload(await fileInput(), file('receipt.pdf', 'application/pdf'));
      await user.click(screen.getByRole('button', { name: 'Send pre-alert' }));
      await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
      // Queued: the form starts over.
      await waitFor(() =>
        expect((screen.getByLabelText(/^Tracking number/) as HTMLInputElement).value).toBe(''),
      );
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it("says 'Upload failed' when the network fails", async () => {
    const submit = vi.fn<SubmitPrealert>(async () => {
      throw new ApiError(0, 'Upload failed');
    });
    const { user } = setup(submit);
    await fillValid(user);
    await user.upload(await fileInput(), file('receipt.pdf', 'application/pdf'));
    await user.click(screen.getByRole('button', { name: 'Send pre-alert' }));
    expect(await screen.findByText('The pre-alert was not sent')).toBeTruthy();
    expect(screen.getByText('Upload failed')).toBeTruthy();
  });
});

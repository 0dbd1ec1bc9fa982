import {
  CLIPBOARD_FAILURE,
  CLIPBOARD_SUCCESS,
  SEVERITIES,
  supportBody,
  supportMailto,
  supportSubject,
  type Severity,
  type SupportRequest,
} from '../domain/support.ts';

function readRequest(form: HTMLFormElement): SupportRequest {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  const severity = text('severity');
  return {
    name: text('name'),
    organisation: text('organisation'),
    email: text('email'),
    category: text('category'),
    severity: (severity in SEVERITIES ? severity : 'P2') as Severity,
    subject: text('subject'),
    description: text('description'),
    links: text('links'),
  };
}

/** Wires the support form: the mail link follows what is typed, the copy button copies the message. */
export function initSupportForm(form: HTMLFormElement | null): void {
  if (!form) return;
  const status = form.querySelector<HTMLElement>('[data-status]')!;
  const help = form.querySelector<HTMLElement>('[data-severity-help]')!;
  const mailLink = form.querySelector<HTMLAnchorElement>('[data-mailto]')!;

  const update = () => {
    const request = readRequest(form);
    help.textContent = SEVERITIES[request.severity];
    mailLink.href = supportMailto(request);
  };
  form.addEventListener('input', update);
  form.addEventListener('change', update);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    update();
    mailLink.click();
  });
  form.querySelector('[data-copy]')?.addEventListener('click', () => {
    const request = readRequest(form);
    const message = `${supportSubject(request)}\n\n${supportBody(request)}`;
    navigator.clipboard.writeText(message).then(
      () => (status.textContent = CLIPBOARD_SUCCESS),
      () => (status.textContent = CLIPBOARD_FAILURE),
    );
  });
}

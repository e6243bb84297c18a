// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadModalDialog } from '../modal.tsx';
import { ConnectModal } from './connect-modal.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const SWID = '{0A1B2C3D-4E5F-6A7B-8C9D-0E1F2A3B4C5D}';
const S2 = 'AEBx%2Fq9k3Zr7TnLw0pYv5sUe8dCjHgFiKmOa';

const noConnections = {
  mfl: { connected: false, sharesDrafts: false },
  sleeper: { connected: false },
  flea: { connected: false },
  espn: { connected: false },
};

/** The requests the page made, and the answer /api/espn/connect gives. */
function server(connect: { status: number; body: unknown }) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    sent.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer = url === '/api/espn/connect' ? connect : { status: 200, body: noConnections };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent.filter.bind(sent) as (f: (r: { url: string }) => boolean) => { url: string; body: unknown }[];
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  vi.unstubAllGlobals();
});

async function open(onConnected: () => void) {
  // The dialog's code, which a page fetches while idle, is here before the modal opens.
  await loadModalDialog();
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  const show = (isOpen: boolean) =>
    act(async () =>
      root!.render(
        <ConnectModal service="espn" open={isOpen} onClose={() => show(false)} onConnected={onConnected} />,
      ),
    );
  await show(true);
  const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
  const field = (label: string) => {
    const id = [...dialog.querySelectorAll('label')].find((l) => l.textContent === label)?.htmlFor;
    return dialog.querySelector<HTMLInputElement | HTMLTextAreaElement>(`#${CSS.escape(id ?? '')}`)!;
  };
  const type = (label: string, value: string) =>
    act(() => {
      const el = field(label);
      const proto = Object.getPrototypeOf(el);
      Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
  const send = () =>
    act(async () => {
      dialog.querySelector('form')!.requestSubmit();
    });
  return { dialog, field, type, send, show };
}

const posted = (sent: ReturnType<typeof server>) => sent((r) => r.url === '/api/espn/connect');

describe('the ESPN connect dialog', () => {
  it('has the box, and the two cookies as password fields that the browser does not fill', async () => {
    server({ status: 200, body: { ok: true } });
    const { dialog, field } = await open(() => {});
    expect(dialog.querySelector('h2')?.textContent).toBe('Connect ESPN');
    expect(field('League ids or team page addresses').tagName).toBe('TEXTAREA');
    for (const label of ['espn_s2', 'SWID']) {
      expect(field(label).getAttribute('type')).toBe('password');
      expect(field(label).getAttribute('autocomplete')).toBe('off');
    }
    expect(dialog.textContent).toContain('developer tools → Application (Storage) → Cookies → espn.com');
    expect(dialog.textContent).toContain('never shown again');
  });

  it('names a wrong line beside the box and sends nothing, then sends the lines once they hold', async () => {
    const sent = server({ status: 200, body: { ok: true } });
    const connected = vi.fn();
    const { field, type, send } = await open(connected);
    await type('League ids or team page addresses', '123456\nnot a league');
    await send();
    const box = field('League ids or team page addresses');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    const said = document.getElementById(box.getAttribute('aria-describedby')!.split(' ')[0])!;
    expect(said.textContent).toBe('Line 2 (“not a league”) is not a league id or an ESPN team page address.');
    expect(document.activeElement).toBe(box);
    expect(posted(sent)).toEqual([]);

    // Changing the box takes its problem away; a good form is sent with the cookies.
    await type('League ids or team page addresses', '123456');
    expect(box.getAttribute('aria-invalid')).toBeNull();
    await type('espn_s2', S2);
    await type('SWID', SWID.toLowerCase());
    await send();
    expect(posted(sent).map((r) => r.body)).toEqual([{ leagues: ['123456'], swid: SWID, espnS2: S2 }]);
    expect(connected).toHaveBeenCalledOnce();
  });

  it('opens the private league part to show a missing cookie, and focuses it', async () => {
    const sent = server({ status: 200, body: { ok: true } });
    const { dialog, field, type, send } = await open(() => {});
    const part = dialog.querySelector<HTMLDetailsElement>('[data-testid="espn-cookies"]')!;
    await act(async () => {
      part.open = true;
      part.dispatchEvent(new Event('toggle'));
    });
    await type('espn_s2', S2);
    await act(async () => {
      part.open = false;
      part.dispatchEvent(new Event('toggle'));
    });
    await send();
    expect(part.open).toBe(true);
    expect(document.activeElement).toBe(field('SWID'));
    expect(dialog.textContent).toContain('Give both ESPN cookies, espn_s2 and SWID, or neither.');
    expect(posted(sent)).toEqual([]);
  });

  it('forgets the cookies typed when the dialog is cancelled, and keeps the leagues', async () => {
    server({ status: 200, body: { ok: true } });
    const { type, show } = await open(() => {});
    await type('League ids or team page addresses', '123456');
    await type('espn_s2', S2);
    await type('SWID', SWID);
    const cancel = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Cancel')!;
    await act(async () => cancel.click());
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    await show(true);
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
    const value = (name: string) => dialog.querySelector<HTMLInputElement>(`[name="${name}"]`)!.value;
    expect([value('leagues'), value('espnS2'), value('swid')]).toEqual(['123456', '', '']);
  });

  it('shows the server’s refusal and describes the fields with it', async () => {
    server({ status: 404, body: { error: 'ESPN has no league 123456.' } });
    const { dialog, field, type, send } = await open(() => {});
    await type('League ids or team page addresses', '123456');
    await send();
    await act(async () => {});
    const alert = dialog.querySelector('[role="alert"]')!;
    expect(alert.textContent).toBe('ESPN has no league 123456.');
    expect(field('League ids or team page addresses').getAttribute('aria-describedby')).toContain(alert.id);
  });
});

// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { RostershipPlayer } from '#common/rostership.ts';
import { deriveRow } from '#common/rostership-rows.ts';
import { PlayersTable } from './players-table.tsx';

const player = (over: Partial<RostershipPlayer>): RostershipPlayer => ({
  id: over.name ?? 'x',
  name: 'Someone',
  position: 'LB',
  team: 'NYG',
  isOut: false,
  leagues: [{ type: 'sleeper', league_id: '1', isStarter: false }],
  ...over,
});

function render(players: RostershipPlayer[]) {
  const rows = players.map((p) => deriveRow(p, 2));
  const html = renderToStaticMarkup(
    <PlayersTable rows={rows} sort={{ key: 'count', desc: true }} onSort={() => {}} onOpen={() => {}} />,
  );
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return [...doc.querySelectorAll('tbody tr')].map((tr) => {
    const cells = [...tr.querySelectorAll('td')];
    return {
      phone: tr.querySelector('[data-testid="position-team"]')?.textContent,
      position: cells[1].textContent,
      team: cells[2].textContent,
    };
  });
}

describe('the players table', () => {
  it('shows a known position and team once each, and on a phone as "LB · NYG"', () => {
    expect(render([player({ name: 'Known Backer' })])).toEqual([
      { phone: 'LB · NYG', position: 'LB', team: 'NYG' },
    ]);
  });

  it('shows a dash (read as "none") for a position or team the service gave as "NA", and no "NA" anywhere', () => {
    const [row] = render([player({ name: 'Idp Nobody', position: 'NA', team: 'NA' })]);
    expect(row).toEqual({ phone: '', position: '—none', team: '—none' });
    const [freeAgent] = render([player({ name: 'Free Safety', position: '', team: 'FA' })]);
    expect(freeAgent).toEqual({ phone: 'FA', position: '—none', team: 'FA' });
  });
});

import { useMemo, useState } from 'react';
import { ApiError, fieldError } from '#client/api/http.ts';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { useLeaveGuard } from '#client/components/leave-guard.tsx';
import { useNavigate } from '#client/router/router.tsx';
import { searchable } from '#common/player-search.ts';
import {
  carryTiers,
  entryProblems,
  parseRankingCsv,
  QB_FORMATS,
  RANKING_KIND_NAMES,
  RANKING_KINDS,
  RANKING_LIMITS,
  RANKING_POSITIONS,
  type Ranking,
  type RankingInput,
  type RankingKind,
} from '#common/rankings.ts';
import type { User } from '#common/users.ts';
import {
  fetchAdminRanking,
  useAdminProfiles,
  useAdminRankings,
  usePlayerList,
  useSaveRanking,
} from './api/admin-content.ts';
import {
  AuthorshipFields,
  ContentFormActions,
  NotYoursNotice,
  PublishNote,
  VisibilityField,
} from './content-form-parts.tsx';
import { ContentEditorPage, rankingKind } from './content-kinds.tsx';
import { CheckboxField, SelectField, TextAreaField, TextField } from './form-fields.tsx';
import { type BoardPlayer, type BoardRow, RankingBoard } from './ranking-board.tsx';
import { noteSaved } from './saved-notice.tsx';
import { useDraft } from './use-draft.ts';

export function AdminEditRankingPage() {
  return (
    <ContentEditorPage kind={rankingKind} form={({ me, item }) => <RankingForm me={me} ranking={item} />} />
  );
}

interface Draft {
  title: string;
  description: string;
  kind: RankingKind;
  position: string;
  qbFormat: (typeof QB_FORMATS)[number];
  ppr: boolean;
  tePremium: boolean;
  contributorId: number | null;
  isVisible: boolean;
  rows: BoardRow[];
}

const toRows = (r: Pick<Ranking, 'entries'>): BoardRow[] =>
  r.entries.map(({ playerId, name, position, team, tier, note }) => ({
    playerId,
    name,
    position,
    team,
    tier,
    note,
  }));

const toDraft = (r: Ranking): Draft => ({
  title: r.title,
  description: r.description,
  kind: r.kind,
  position: r.position,
  qbFormat: r.qbFormat,
  ppr: r.ppr,
  tePremium: r.tePremium,
  contributorId: r.contributorId,
  isVisible: r.isVisible,
  rows: toRows(r),
});

/** The site's player list and the site's prospects (by `profile:<id>`), as the board takes them. */
function useBoardPlayers() {
  const players = usePlayerList();
  const prospects = useAdminProfiles(1, 100);
  const all = useMemo<BoardPlayer[]>(
    () => [
      ...(prospects.data?.items ?? []).map((p) => ({
        id: `profile:${p.id}`,
        name: p.name,
        position: p.position,
        team: p.school ? `${p.school} (prospect)` : 'Prospect',
      })),
      ...(players.data?.players ?? []),
    ],
    [players.data, prospects.data],
  );
  return { all, loading: players.isPending, error: players.error };
}

/**
 * A board's rows from CSV, each player found by id or by his exact name (ignoring case, accents and
 * punctuation); answers the rows, or the lines that name no one (or more than one).
 */
export function rowsFromCsv(
  text: string,
  players: readonly BoardPlayer[],
): { rows: BoardRow[]; problems: string[] } {
  const parsed = parseRankingCsv(text);
  // A file too long for one board is refused whole, before any row is looked up or drawn.
  if (parsed.rows.length > RANKING_LIMITS.entries)
    return {
      rows: [],
      problems: [
        `The CSV names ${parsed.rows.length.toLocaleString('en-US')} players; a ranking holds at most ${RANKING_LIMITS.entries}.`,
      ],
    };
  const byId = new Map(players.map((p) => [p.id, p]));
  const byName = new Map<string, BoardPlayer[]>();
  for (const p of searchable(players as Parameters<typeof searchable>[0]))
    byName.set(p.key, [...(byName.get(p.key) ?? []), p]);
  const problems = [...parsed.problems];
  const rows: BoardRow[] = [];
  for (const r of carryTiers(parsed.rows)) {
    const [key] = searchable([{ id: '', name: r.player, position: '', team: '' }]).map((p) => p.key);
    const found = byId.get(r.player) ?? byName.get(key);
    const matches = Array.isArray(found) ? found : found ? [found] : [];
    if (matches.length !== 1) {
      problems.push(
        matches.length
          ? `Line ${r.line}: more than one player is named “${r.player}”; use his id.`
          : `Line ${r.line}: no player named “${r.player}” is on the site's player list.`,
      );
      continue;
    }
    const p = matches[0];
    rows.push({
      playerId: p.id,
      name: p.name,
      position: p.position,
      team: p.team,
      tier: r.tier,
      note: r.note.slice(0, RANKING_LIMITS.note),
    });
  }
  return { rows, problems };
}

function RankingForm({ me, ranking }: { me: User; ranking?: Ranking }) {
  const navigate = useNavigate();
  const save = useSaveRanking();
  const players = useBoardPlayers();
  const loaded = useMemo<Draft>(
    () =>
      ranking
        ? toDraft(ranking)
        : {
            title: '',
            description: '',
            kind: 'overall',
            position: '',
            qbFormat: 'SF',
            ppr: true,
            tePremium: false,
            contributorId: me.id,
            isVisible: false,
            rows: [],
          },
    [ranking, me.id],
  );
  const { draft, set, dirty, reset } = useDraft(loaded);
  const guard = useLeaveGuard(dirty);
  const notMine = Boolean(ranking && !me.isSuperUser && ranking.contributorId !== me.id);
  // The form's own check of the board, made when Save is pressed; the server's answer after it.
  const [checked, setChecked] = useState(false);
  const entries = draft.rows.map(({ playerId, tier, note }) => ({ playerId, tier, note }));
  const problems = useMemo(() => {
    const found = new Map<string, string>();
    if (checked)
      for (const p of entryProblems(entries)) if (!found.has(p.field)) found.set(p.field, p.message);
    if (save.error instanceof ApiError && save.error.field?.startsWith('entries'))
      found.set(save.error.field, save.error.message);
    return found;
  }, [checked, entries, save.error]);

  const submit = () => {
    setChecked(true);
    if (entryProblems(entries).length) return;
    const { contributorId, isVisible, rows: _, position, ...fields } = draft;
    const body: RankingInput = {
      ...fields,
      position: fields.kind === 'position' ? (position as RankingInput['position']) : undefined,
      entries,
      ...(me.isSuperUser ? { contributorId, isVisible } : {}),
    };
    save.mutate(
      { id: ranking?.id, body },
      {
        onSuccess: (saved) => {
          guard.allowLeaving();
          noteSaved('/admin/rankings', {
            name: saved.title,
            at: new Date(),
            visible: saved.isVisible,
            contributor: !me.isSuperUser,
          });
          navigate('/admin/rankings');
        },
      },
    );
  };
  const fieldProblem = (field: string) => fieldError(save.error, field);
  const otherError = save.error && !(save.error instanceof ApiError && save.error.field) ? save.error : null;

  return (
    <form
      className="card flex flex-col gap-5 p-4 sm:p-6"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {guard.prompt}
      {otherError && <ErrorAlert title="Error saving ranking" error={otherError} />}
      {save.error instanceof ApiError && save.error.field && (
        <p role="alert" className="text-sm font-semibold text-red-700">
          Not saved: {save.error.message}
        </p>
      )}
      {notMine && <NotYoursNotice noun="ranking" owner={ranking?.contributor?.name} />}
      {!notMine && !me.isSuperUser && <PublishNote visible={ranking?.isVisible ?? false} />}
      <fieldset disabled={notMine || save.isPending} className="flex flex-col gap-5">
        <TextField
          id="title"
          label="Title"
          value={draft.title}
          onChange={(v) => set('title', v)}
          limit={RANKING_LIMITS.title}
          error={fieldProblem('title')}
        />
        <AuthorshipFields
          me={me}
          value={draft.contributorId}
          saved={ranking}
          onChange={(v) => set('contributorId', v)}
        />
        <TextAreaField
          id="description"
          label="Description"
          rows={2}
          value={draft.description}
          onChange={(v) => set('description', v)}
          placeholder="What this board is for, in a sentence or two"
          limit={RANKING_LIMITS.description}
        />
        <div className="grid gap-5 sm:grid-cols-3">
          <SelectField
            id="kind"
            label="Kind"
            value={draft.kind}
            onChange={(v) => set('kind', v as RankingKind)}
            options={RANKING_KINDS.map((k) => ({ value: k, label: RANKING_KIND_NAMES[k] }))}
          />
          {draft.kind === 'position' && (
            <div>
              <SelectField
                id="position"
                label="Position"
                value={draft.position}
                onChange={(v) => set('position', v)}
                options={[
                  { value: '', label: 'Choose…' },
                  ...RANKING_POSITIONS.map((p) => ({ value: p, label: p })),
                ]}
              />
              {fieldProblem('position') && (
                <p className="mt-1 text-sm font-semibold text-red-700">{fieldProblem('position')}</p>
              )}
            </div>
          )}
          <SelectField
            id="qbFormat"
            label="QB format"
            value={draft.qbFormat}
            onChange={(v) => set('qbFormat', v as Draft['qbFormat'])}
            options={QB_FORMATS.map((f) => ({ value: f, label: f === 'SF' ? 'Superflex' : '1QB' }))}
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <CheckboxField id="ppr" label="PPR" checked={draft.ppr} onChange={(v) => set('ppr', v)} />
          <CheckboxField
            id="tePremium"
            label="TE premium"
            checked={draft.tePremium}
            onChange={(v) => set('tePremium', v)}
          />
        </div>
        <StartFrom
          players={players.all}
          loadingPlayers={players.loading}
          currentId={ranking?.id}
          onRows={(rows) => set('rows', rows)}
          hasRows={draft.rows.length > 0}
        />
        {players.error && <ErrorAlert title="Error getting the player list" error={players.error} />}
        <RankingBoard
          rows={draft.rows}
          onChange={(rows) => set('rows', rows)}
          players={players.all}
          loadingPlayers={players.loading}
          problems={problems}
          disabled={notMine || save.isPending}
        />
        <VisibilityField
          me={me}
          hint="Shown on the public site. Each save while visible is kept as a version."
          checked={draft.isVisible}
          onChange={(v) => set('isVisible', v)}
        />
      </fieldset>
      <ContentFormActions
        kind="rankings"
        deletable={ranking && !notMine ? { id: ranking.id, name: ranking.title } : undefined}
        saving={save.isPending}
        dirty={dirty}
        canSave={!notMine}
        onReset={() => {
          reset();
          save.reset();
          setChecked(false);
        }}
        onDeleted={() => {
          guard.allowLeaving();
          navigate('/admin/rankings');
        }}
      />
    </form>
  );
}

/** Starting a board from a CSV (pasted or a file) or from another ranking's board. */
function StartFrom({
  players,
  loadingPlayers,
  currentId,
  onRows,
  hasRows,
}: {
  players: readonly BoardPlayer[];
  /** The names are matched against the list: none is matched before it has come. */
  loadingPlayers: boolean;
  currentId: number | undefined;
  onRows: (rows: BoardRow[]) => void;
  hasRows: boolean;
}) {
  const [csv, setCsv] = useState('');
  const [csvProblems, setCsvProblems] = useState<string[]>([]);
  const [source, setSource] = useState('');
  const [copyError, setCopyError] = useState<unknown>(null);
  const others = useAdminRankings(1, 100);
  const replace = (rows: BoardRow[]) => {
    if (hasRows && !window.confirm('Replace the players on the board?')) return;
    onRows(rows);
  };
  const useCsv = () => {
    const { rows, problems } = rowsFromCsv(csv, players);
    setCsvProblems(problems);
    if (problems.length === 0) replace(rows);
  };
  const copy = async () => {
    setCopyError(null);
    try {
      replace(toRows(await fetchAdminRanking(Number(source))));
    } catch (error) {
      setCopyError(error);
    }
  };
  return (
    <details className="rounded-md border border-slate-200 p-3">
      <summary className="cursor-pointer font-semibold text-field-900">
        Start from a CSV or another ranking
      </summary>
      <div className="mt-3 grid gap-4 lg:grid-cols-2">
        <div className="flex flex-col gap-2">
          <TextAreaField
            id="csv"
            label="CSV"
            rows={5}
            mono
            value={csv}
            onChange={setCsv}
            hint="One player a line, best first: a header of player, tier, note (tier and note may be left out)."
          />
          <input
            type="file"
            accept=".csv,text/csv,text/plain"
            aria-label="CSV file"
            className="text-sm"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              if (file) setCsv(await file.text());
            }}
          />
          <button
            type="button"
            className="btn-ghost self-start"
            onClick={useCsv}
            disabled={!csv.trim() || loadingPlayers}
          >
            {loadingPlayers ? 'Loading players…' : 'Use this CSV'}
          </button>
          {csvProblems.length > 0 && (
            <div role="alert" data-testid="csv-problems">
              <ul className="list-disc pl-5 text-sm font-semibold text-red-700">
                {csvProblems.slice(0, 20).map((p) => (
                  <li key={p}>{p}</li>
                ))}
                {csvProblems.length > 20 && <li>and {csvProblems.length - 20} more</li>}
              </ul>
            </div>
          )}
        </div>
        <div className="flex flex-col gap-2">
          <SelectField
            id="copy-from"
            label="Another ranking"
            value={source}
            onChange={setSource}
            options={[
              { value: '', label: others.isPending ? 'Loading…' : 'Choose a ranking' },
              ...(others.data?.items ?? [])
                .filter((r) => r.id !== currentId)
                .map((r) => ({
                  value: String(r.id),
                  label: `${r.title} (${r.contributor?.name ?? 'former contributor'})`,
                })),
            ]}
          />
          <button type="button" className="btn-ghost self-start" onClick={copy} disabled={!source}>
            Copy its players
          </button>
          {copyError != null && <ErrorAlert title="Error getting that ranking" error={copyError} />}
        </div>
      </div>
    </details>
  );
}

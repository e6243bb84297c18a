import { useMemo } from 'react';
import { fieldError } from '#client/api/http.ts';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { useLeaveGuard } from '#client/components/leave-guard.tsx';
import { useNavigate } from '#client/router/router.tsx';
import {
  formatHeight,
  HEIGHT_FEET,
  PROFILE_LIMITS,
  type Profile,
  type ProfileInput,
  parseHeight,
  parseWeight,
  WEIGHT_POUNDS,
} from '#common/content.ts';
import type { User } from '#common/users.ts';
import { useSaveProfile } from './api/admin-content.ts';
import {
  AuthorshipFields,
  ContentFormActions,
  NotYoursNotice,
  PublishNote,
  VisibilityField,
} from './content-form-parts.tsx';
import { ContentEditorPage, profileKind } from './content-kinds.tsx';
import { SelectField, TextAreaField, TextField } from './form-fields.tsx';
import { noteSaved } from './saved-notice.tsx';
import { useDraft } from './use-draft.ts';

export function AdminEditProfilePage() {
  return (
    <ContentEditorPage kind={profileKind} form={({ me, item }) => <ProfileForm me={me} profile={item} />} />
  );
}

interface Draft {
  contributorId: number | null;
  /** As typed; '' for no class yet. */
  year: string;
  name: string;
  position: string;
  school: string;
  /** As chosen; '' for none. */
  feet: string;
  inches: string;
  /** Whole pounds as typed; '' for none. */
  weight: string;
  image: string;
  description: string;
  body: string;
  isVisible: boolean;
}

const toDraft = (p: Profile): Draft => {
  const height = parseHeight(p.height);
  const weight = parseWeight(p.weight);
  return {
    contributorId: p.contributorId,
    year: p.year === null ? '' : String(p.year),
    name: p.name,
    position: p.position,
    school: p.school,
    feet: height ? String(height.feet) : '',
    inches: height ? String(height.inches) : '',
    weight: weight === undefined ? '' : String(weight),
    image: p.image,
    description: p.description,
    body: p.body,
    isVisible: p.isVisible,
  };
};

const feetOptions = [
  { value: '', label: '—' },
  ...Array.from({ length: HEIGHT_FEET.max - HEIGHT_FEET.min + 1 }, (_, i) => {
    const feet = String(HEIGHT_FEET.min + i);
    return { value: feet, label: `${feet} ft` };
  }),
];
const inchOptions = [
  { value: '', label: '—' },
  ...Array.from({ length: 12 }, (_, i) => ({ value: String(i), label: `${i} in` })),
];

/** A height or weight saved before they were checked, which the fields cannot show: said under them. */
function Unreadable({ stored }: { stored: string }) {
  return <>Saved as “{stored}”, which is not in this form: choose a value, or saving leaves it empty.</>;
}

/** What the height fields send: 6'1", '' for none, or the half chosen (which the server refuses, saying why). */
function heightOf(feet: string, inches: string): string {
  if (feet === '' && inches === '') return '';
  if (feet === '' || inches === '') return `${feet || '?'}'${inches || '?'}"`;
  return formatHeight(Number(feet), Number(inches));
}

function ProfileForm({ me, profile }: { me: User; profile?: Profile }) {
  const navigate = useNavigate();
  const save = useSaveProfile();
  const loaded = useMemo<Draft>(
    () =>
      profile
        ? toDraft(profile)
        : {
            contributorId: me.id,
            year: '',
            name: '',
            position: '',
            school: '',
            feet: '',
            inches: '',
            weight: '',
            image: '',
            description: '',
            body: '',
            isVisible: false,
          },
    [profile, me.id],
  );
  const { draft, set, dirty, reset } = useDraft(loaded);
  const guard = useLeaveGuard(dirty);
  const notMine = Boolean(profile && !me.isSuperUser && profile.contributorId !== me.id);

  const submit = () => {
    // The id travels in the address only; visibility and author only from super users.
    const { contributorId, isVisible, year, feet, inches, ...fields } = draft;
    const base: ProfileInput = {
      ...fields,
      year: year.trim() === '' ? null : Number(year),
      height: heightOf(feet, inches),
    };
    const body: ProfileInput = me.isSuperUser ? { ...base, contributorId, isVisible } : base;
    save.mutate(
      { id: profile?.id, body },
      {
        onSuccess: (saved) => {
          guard.allowLeaving();
          noteSaved('/admin/profiles', {
            name: saved.name,
            at: new Date(),
            visible: saved.isVisible,
            contributor: !me.isSuperUser,
          });
          navigate('/admin/profiles');
        },
      },
    );
  };

  // A value saved before heights and weights were checked is shown as it was, with what saving does.
  const heightError = fieldError(save.error, 'height');
  const storedHeight = profile && profile.height !== '' && !parseHeight(profile.height) ? profile.height : '';
  const heightNote = heightError ?? (storedHeight && <Unreadable stored={storedHeight} />);
  const storedWeight =
    profile && profile.weight !== '' && parseWeight(profile.weight) === undefined ? profile.weight : '';
  const weightHint = storedWeight ? (
    <Unreadable stored={storedWeight} />
  ) : (
    `Whole pounds, ${WEIGHT_POUNDS.min} to ${WEIGHT_POUNDS.max}.`
  );

  const text = (key: Exclude<keyof Draft, 'contributorId' | 'isVisible'>) => ({
    value: draft[key],
    onChange: (v: string) => set(key, v),
  });

  return (
    <form
      className="card flex flex-col gap-5 p-4 sm:p-6"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {guard.prompt}
      {save.error && <ErrorAlert title="Error saving profile" error={save.error} />}
      {notMine && <NotYoursNotice noun="profile" owner={profile?.contributor?.name} />}
      {!notMine && !me.isSuperUser && <PublishNote visible={profile?.isVisible ?? false} />}
      <fieldset disabled={notMine || save.isPending} className="flex flex-col gap-5">
        <AuthorshipFields
          me={me}
          value={draft.contributorId}
          saved={profile}
          onChange={(v) => set('contributorId', v)}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="year"
            label="Draft Eligible (Year)"
            type="number"
            min={1900}
            max={2100}
            {...text('year')}
          />
          <TextField id="name" label="Name" limit={PROFILE_LIMITS.name} {...text('name')} />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="position"
            label="Position"
            limit={PROFILE_LIMITS.position}
            placeholder="RB"
            {...text('position')}
          />
          <TextField id="school" label="School" limit={PROFILE_LIMITS.school} {...text('school')} />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <fieldset aria-describedby={heightNote ? 'height-note' : undefined}>
            <legend className="label">Height</legend>
            <div className="grid grid-cols-2 gap-2">
              <SelectField id="height-feet" label="Feet" options={feetOptions} {...text('feet')} />
              <SelectField id="height-inches" label="Inches" options={inchOptions} {...text('inches')} />
            </div>
            {heightNote && (
              <p
                id="height-note"
                className={`mt-1 text-xs ${heightError ? 'text-red-700' : 'text-slate-600'}`}
              >
                {heightNote}
              </p>
            )}
          </fieldset>
          <TextField
            id="weight"
            label="Weight (lbs)"
            type="number"
            min={WEIGHT_POUNDS.min}
            max={WEIGHT_POUNDS.max}
            placeholder="215"
            hint={weightHint}
            error={fieldError(save.error, 'weight')}
            {...text('weight')}
          />
        </div>
        <TextField
          id="image"
          label="Image URL"
          limit={PROFILE_LIMITS.image}
          counterFrom={PROFILE_LIMITS.image * 0.8}
          placeholder="https://… or /images/…"
          {...text('image')}
        />
        <TextAreaField
          id="description"
          label="Description"
          rows={2}
          placeholder="A short summary, please keep it under 200 characters"
          hint="Under 200 characters reads best."
          limit={PROFILE_LIMITS.description}
          {...text('description')}
        />
        <TextAreaField
          id="body"
          label="Body"
          rows={16}
          mono
          limit={PROFILE_LIMITS.body}
          hint="Markdown. A line [[video:https://www.youtube.com/watch?v=…]] embeds a YouTube or Vimeo video. An image needs words for what it shows, ![Depth chart](https://…), or it is left out."
          {...text('body')}
        />
        <VisibilityField me={me} checked={draft.isVisible} onChange={(v) => set('isVisible', v)} />
      </fieldset>
      <ContentFormActions
        kind="profiles"
        deletable={profile && !notMine ? { id: profile.id, name: profile.name } : undefined}
        view={profile ? { href: `/profile/${profile.shortname}`, visible: profile.isVisible } : undefined}
        saving={save.isPending}
        dirty={dirty}
        canSave={!notMine}
        onReset={() => {
          reset();
          save.reset();
        }}
        onDeleted={() => {
          guard.allowLeaving();
          navigate('/admin/profiles');
        }}
      />
    </form>
  );
}

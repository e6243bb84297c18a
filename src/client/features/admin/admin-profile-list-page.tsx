import { ContentListPage, profileKind } from './content-kinds.tsx';

export function Component() {
  return <ContentListPage kind={profileKind} />;
}

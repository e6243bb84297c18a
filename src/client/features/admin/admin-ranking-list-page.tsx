import { ContentListPage, rankingKind } from './content-kinds.tsx';

export function Component() {
  return <ContentListPage kind={rankingKind} />;
}

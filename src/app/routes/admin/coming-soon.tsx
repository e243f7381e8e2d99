import { EmptyNote } from '@/components/ui/empty-note';
import { bn } from '@/i18n/bn';
import { ToolsIcon } from '@/components/ui/admin-icons';

export function ComingSoon({ text }: { text: string }) {
  return <EmptyNote icon={<ToolsIcon />} title={bn.admin.dashboard.comingSoon} description={text} />;
}

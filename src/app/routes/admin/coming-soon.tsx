import { EmptyNote } from '@/components/ui/empty-note';
import { adminTexts } from './texts';
import { ToolsIcon } from '@/components/ui/admin-icons';

export function ComingSoon({ text }: { text: string }) {
  return <EmptyNote icon={<ToolsIcon />} title={adminTexts.dashboard.comingSoon} description={text} />;
}

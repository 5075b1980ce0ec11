import { CreateBase } from 'react-admin';
import { SeoForm } from './SeoForm';
import { SeoPageLayout } from './SeoPageLayout';

export function SeoCreate() {
  return (
    <CreateBase redirect="list">
      <SeoPageLayout title="Add page SEO" description="How one page of the website appears in search results and when shared.">
        <SeoForm />
      </SeoPageLayout>
    </CreateBase>
  );
}

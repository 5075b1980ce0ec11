import { CreateBase } from 'react-admin';
import { seo } from '../../../schema/areas/seo';
import { newRecordLabel } from '../../components/PageHeader';
import { SeoForm } from './SeoForm';
import { SeoPageLayout } from './SeoPageLayout';

export function SeoCreate() {
  return (
    <CreateBase redirect="list">
      <SeoPageLayout title={newRecordLabel(seo)} description="How one page of the website appears in search results and when shared.">
        <SeoForm />
      </SeoPageLayout>
    </CreateBase>
  );
}

import { LinearProgress } from '@mui/material';
import { DeleteWithConfirmButton, EditBase, SaveButton, Toolbar, useEditContext } from 'react-admin';
import { SeoForm } from './SeoForm';
import { SeoPageLayout } from './SeoPageLayout';
import { useRecordQueryOptions } from '../../components/recordQuery';

function SeoEditToolbar() {
  return (
    // On the paper colour, not react-admin's grey: red text on grey fails WCAG AA contrast (3.8:1).
    <Toolbar sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider' }}>
      <SaveButton />
      <DeleteWithConfirmButton
        confirmTitle="Delete this SEO entry?"
        confirmContent="The page falls back to the website's default title and description."
      />
    </Toolbar>
  );
}

function SeoEditView() {
  const { record } = useEditContext();
  return (
    <SeoPageLayout title={record ? `SEO for ${String(record.path ?? '')}` : 'Edit page SEO'}>
      <SeoForm toolbar={<SeoEditToolbar />} />
    </SeoPageLayout>
  );
}

// Pessimistic, so a taken path is reported on its field rather than undone after the fact.
export function SeoEdit() {
  const recordQueryOptions = useRecordQueryOptions();
  return (
    <EditBase queryOptions={recordQueryOptions} mutationMode="pessimistic" redirect="list" loading={<LinearProgress aria-label="Loading" sx={{ mt: 3 }} />}>
      <SeoEditView />
    </EditBase>
  );
}

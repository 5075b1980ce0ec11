import { CreateBase } from 'react-admin';
import { banners } from '../../../schema/areas/banners';
import { newRecordLabel, PageHeader } from '../../components/PageHeader';
import { BannerForm } from './BannerForm';

export function BannerCreate() {
  return (
    <CreateBase redirect="edit">
      <PageHeader title={newRecordLabel(banners)} back />
      <BannerForm create />
    </CreateBase>
  );
}

import { contactUsForm } from '../../../schema/areas/contact-us-form';
import { InboxList } from '../../components/InboxList';

export function ContactMessageList() {
  return (
    <InboxList
      declaration={contactUsForm}
      description="Messages sent from the website's contact page."
      topic={{ source: 'subject' }}
    />
  );
}

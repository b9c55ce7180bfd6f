import { BRAND_NAME } from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { ContentPage, type ContentSection } from '../../components/content-page';

export const Route = createFileRoute('/_member/privacy')({
  component: PrivacyPage,
});

const SECTIONS: readonly ContentSection[] = [
  {
    id: 'data-we-collect',
    title: 'Information we collect',
    body: (
      <ul className="grid list-disc gap-2 pl-5">
        <li>
          <strong>Account details</strong> from your sign-in provider: your e-mail address, name and profile photo.
        </li>
        <li>
          <strong>Activity</strong> on {BRAND_NAME}: tasks you complete, your balance and transactions, payout requests and referrals.
        </li>
        <li>
          <strong>Payment details</strong> you enter for payouts and VIP payments, such as a wallet number or a transaction reference.
        </li>
        <li>
          <strong>Technical data</strong> such as your IP address, kept to protect accounts from abuse.
        </li>
      </ul>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use it',
    body: (
      <p>
        We use your information to run your account, credit rewards, process payouts and VIP upgrades, answer support messages and prevent
        fraud. We do not sell your personal information.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <p>
        Payment details are shared only with the payment service that sends your payout. Advertising partners whose banners appear on the
        site may receive technical data from your browser under their own privacy policies.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookie Policy',
    body: (
      <>
        <p>
          We use one essential cookie to keep you signed in. It is required for the site to work and is removed when you sign out or when
          the session expires.
        </p>
        <p>Advertising partners may set their own cookies when their banners are shown. You can block these in your browser settings.</p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your choices',
    body: (
      <p>
        You can see your account information on your profile at any time. To correct or delete your data, contact our support team from the
        Help Center.
      </p>
    ),
  },
];

function PrivacyPage() {
  return <ContentPage title="Privacy Policy" description="What we collect, why, and the choices you have." sections={SECTIONS} />;
}

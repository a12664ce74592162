import { useEffect } from 'react';
import { useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { SubscriptionPayment } from '../../../features/subscriptions/components/subscription-payment';
import { forgetPlanAfterSignIn, readPlanAfterSignIn } from '../../../lib/storage';

/** payment/:planHash: the three steps of subscribing to the plan the address names. */
export function PaymentRoute() {
  const { organization = '', planHash = '' } = useParams();
  // A sign-up link's plan has led here: the next sign-in goes to the dashboard again.
  useEffect(() => {
    if (readPlanAfterSignIn(organization) === planHash) forgetPlanAfterSignIn();
  }, [organization, planHash]);
  return (
    <SubscriptionPayment
      key={planHash}
      organization={organization}
      planHash={planHash}
      plansHref={paths.app.routes.planos.getHref(organization)}
      subscriptionHref={paths.app.routes['meu-perfil'].getHref(organization, { view: 'assinatura' })}
      dashboardHref={paths.app.routes.dashboard.getHref(organization)}
    />
  );
}

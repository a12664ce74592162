import { Stack, Tabs } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { SectionHeader } from '../../../components/section-header';
import { paths } from '../../../config/paths';
import { AccessLogList } from '../../../features/desk/components/access-log-list';
import { EmailChangeForm } from '../../../features/profile/components/email-change-form';
import { PasswordChangeForm } from '../../../features/profile/components/password-change-form';
import { ProfileDataForm } from '../../../features/profile/components/profile-data-form';
import { ProfilePictureForm } from '../../../features/profile/components/profile-picture-form';
import { SubscriptionOverview } from '../../../features/subscriptions/components/subscription-overview';
import { usePersona } from '../../../lib/persona';

/**
 * configuracao/meu-perfil/:view?: the view picks the tab (no view: personal data). `assinatura`,
 * the subscription, is a client's.
 */
const profileViews = ['dados', 'email', 'senha', 'assinatura', 'acessos'] as const;
type ProfileView = (typeof profileViews)[number];

function isProfileView(value: string | undefined): value is ProfileView {
  return profileViews.includes(value as ProfileView);
}

export function ProfileRoute() {
  const { organization = '', view } = useParams();
  const navigate = useNavigate();
  const persona = usePersona();
  const profilePath = paths.app.routes['meu-perfil'];

  if (view !== undefined && !isProfileView(view)) return <Navigate to={profilePath.getHref(organization)} replace />;
  if (!persona.data) return <PageLoader />;
  const isClient = persona.data.view === 'client';
  if ((view === 'assinatura' || view === 'acessos') && !isClient)
    return <Navigate to={profilePath.getHref(organization)} replace />;
  const activeView: ProfileView = view ?? 'dados';

  return (
    <Tabs
      value={activeView}
      keepMounted={false}
      onChange={(next) => {
        if (isProfileView(next ?? undefined)) {
          navigate(profilePath.getHref(organization, { view: next === 'dados' ? undefined : next }));
        }
      }}
    >
      <Tabs.List mb="md">
        <Tabs.Tab value="dados">Dados pessoais</Tabs.Tab>
        <Tabs.Tab value="email">E-mail</Tabs.Tab>
        <Tabs.Tab value="senha">Senha</Tabs.Tab>
        {isClient ? <Tabs.Tab value="assinatura">Assinatura</Tabs.Tab> : null}
        {isClient ? <Tabs.Tab value="acessos">Quem acessou meus dados</Tabs.Tab> : null}
      </Tabs.List>
      <Tabs.Panel value="dados">
        <Stack gap="md" maw={720}>
          <ProfileDataForm key={persona.data.id} persona={persona.data} />
          <ProfilePictureForm persona={persona.data} />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="email">
        <Stack gap="md" maw={720}>
          <EmailChangeForm currentEmail={persona.data.email} />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="senha">
        <Stack gap="md" maw={720}>
          <PasswordChangeForm />
        </Stack>
      </Tabs.Panel>
      {isClient ? (
        <Tabs.Panel value="assinatura">
          <Stack gap="md" maw={960}>
            <SubscriptionOverview
              organization={organization}
              plansHref={paths.app.routes.planos.getHref(organization)}
            />
          </Stack>
        </Tabs.Panel>
      ) : null}
      {isClient ? (
        <Tabs.Panel value="acessos">
          <Stack gap="md" maw={960}>
            <SectionHeader
              title="Quem acessou meus dados"
              description="Cada vez que seu planejador ou um gestor abre seus dados, fica registrado aqui."
            />
            <AccessLogList clientId={null} label="Quem acessou meus dados" />
          </Stack>
        </Tabs.Panel>
      ) : null}
    </Tabs>
  );
}

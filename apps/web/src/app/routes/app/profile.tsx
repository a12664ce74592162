import { Stack, Tabs } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { PasswordChangeForm } from '../../../features/profile/components/password-change-form';
import { ProfileDataForm } from '../../../features/profile/components/profile-data-form';
import { ProfilePictureForm } from '../../../features/profile/components/profile-picture-form';
import { usePersona } from '../../../lib/persona';

/** configuracao/meu-perfil/:view?: the view picks the tab (no view: personal data). */
const profileViews = ['dados', 'senha'] as const;
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
        <Tabs.Tab value="senha">Senha</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="dados">
        <Stack gap="md" maw={720}>
          <ProfileDataForm key={persona.data.id} persona={persona.data} />
          <ProfilePictureForm persona={persona.data} />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="senha">
        <Stack gap="md" maw={720}>
          <PasswordChangeForm />
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}

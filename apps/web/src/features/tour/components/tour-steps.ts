import type { AccessLevel } from '@prumo/domain/auth/roles';

export interface TourStep {
  /** A `data-tour` mark of the shell; several: the first one visible (the menu or, on a phone, its button). */
  targets: readonly string[];
  title: string;
  description: string;
}

const menuTargets = ['main-menu', 'menu-button'] as const;

/** The first-sign-in tour of each role, over the screens each really has. */
export const tourSteps: Record<AccessLevel, readonly TourStep[]> = {
  client: [
    {
      targets: ['page-title'],
      title: 'Bem-vindo à Prumo',
      description: 'Este é o seu início: o resumo do mês, o orçamento e o que está pendente.',
    },
    {
      targets: ['import-statements'],
      title: 'Seus extratos',
      description:
        'Comece por aqui: importe o extrato do banco (OFX ou planilha). O Prumo separa as contas, categoriza e soma tudo em Meu caixa.',
    },
    {
      targets: menuTargets,
      title: 'Menu',
      description: 'Meu caixa, Meu patrimônio, Fluxo futuro ou Meu orçamento, e Avisos e importações ficam aqui.',
    },
    {
      targets: ['notification-bell'],
      title: 'Avisos',
      description: 'O sino mostra as tarefas que o seu planejador enviou e ainda estão pendentes.',
    },
    {
      targets: ['help-button'],
      title: 'Ajuda',
      description: 'Em cada tela, este botão explica o que ela faz.',
    },
    {
      targets: ['user-menu'],
      title: 'Seu menu',
      description: 'Edite o seu perfil, veja a assinatura e refaça este tour em “Reset Tour”.',
    },
  ],
  planner: [
    {
      targets: ['page-title', 'dashboard-button'],
      title: 'Bem-vindo à Prumo',
      description: 'Esta é a sua mesa: os seus clientes, o status de cada um e o que espera por você.',
    },
    {
      targets: menuTargets,
      title: 'Menu',
      description: 'Volte ao Dashboard ou abra os Prospects (quando a organização usa).',
    },
    {
      targets: ['notifications'],
      title: 'Avisos',
      description: 'O sino traz o que os seus clientes fizeram: extratos importados, planejamentos aceitos e insights.',
    },
    {
      targets: ['help-button'],
      title: 'Ajuda',
      description: 'Em cada tela, este botão explica o que ela faz.',
    },
    {
      targets: ['user-menu'],
      title: 'Seu menu',
      description: 'Edite o seu perfil e saia da conta por aqui.',
    },
  ],
  manager: [
    {
      targets: ['page-title'],
      title: 'Bem-vindo à Prumo',
      description: 'Aqui você acompanha a organização: planejadores, clientes e números.',
    },
    {
      targets: menuTargets,
      title: 'Menu',
      description: 'Planejadores, Clientes, Financeiro, Organização, Indicadores e os artigos de Ajuda.',
    },
    {
      targets: ['help-button'],
      title: 'Ajuda',
      description: 'Em cada tela, este botão explica o que ela faz; em Ajuda, no menu, você troca os artigos e vídeos.',
    },
    {
      targets: ['user-menu'],
      title: 'Seu menu',
      description: 'Edite o seu perfil e saia da conta por aqui.',
    },
  ],
};

import type { AccessLevel } from '@prumo/domain/auth/roles';

/** Shapes of the answers described in docs/identity-api.md. */

export interface Organization {
  slug: string;
  name: string;
  corporate_name: string;
  logo: string | null;
  favicon: string | null;
  link_redirect: string | null;
  /** Hex without '#'. */
  primary_color: string | null;
  /** Hex without '#'. */
  secondary_color: string | null;
  is_test: boolean;
  features: { code: string }[];
}

export interface CreatedOrganization extends Organization {
  registration_token: string;
}

export interface UserSummary {
  id: number;
  first_name: string;
  last_name: string;
  email?: string;
}

export interface PersonaPlanner {
  user: UserSummary;
  telephone: string | null;
  profile_picture: string | null;
}

export interface Persona {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  profile_picture: string | null;
  organization: Organization | null;
  view: AccessLevel;
  level: number;
  hash: string;
  permissions: { codename: string }[];
  planner: PersonaPlanner | null;
  has_pending_subscription: boolean;
  has_pending_credit_card: boolean;
  has_opb_iniciador: boolean;
  is_external: boolean;
  current_subscription: {
    plan_code: number;
    last_payment_date_formatted: string;
    next_payment_date_formatted: string;
  } | null;
  session_expires_at?: string;
}

export interface Page<Item> {
  count: number;
  next: string | null;
  previous: string | null;
  results: Item[];
}

/** An organization's e-mail header and footer images; its id is the organization's. */
export interface CustomEmail {
  id: number;
  header_image: string | null;
  footer_image: string | null;
}

export interface ClientRecord {
  user: UserSummary;
  profile_picture: string | null;
  last_login: string | null;
  last_import_bundle: { id: number; created_at: string } | null;
  current_plan: unknown;
  budget_planner: { user: UserSummary } | null;
}

export interface PlannerRecord {
  user: UserSummary;
  profile_picture: string | null;
  last_login: string | null;
  clients_count: number;
}

/** GET invitation/{hash}/: who invites and the one role the link grants. */
export interface Invitation {
  inviter: { first_name: string; last_name: string };
  inviter_role: string;
  role: AccessLevel;
  roles: string[];
}

interface PersonName {
  id: number;
  first_name: string;
  last_name: string;
}

/** A registration link of invitations/ (ADR 10): one role, maybe an expiry. */
export interface InvitationRecord {
  id: number;
  role: AccessLevel;
  role_word: string;
  token: string;
  /** A planner's or manager's permanent client link (the Persona's hash). */
  standing: boolean;
  issued_by: PersonName;
  planner: PersonName | null;
  created_at: string;
  expires_at: string | null;
  expired: boolean;
  /** A planner or manager link registers one person: when and who (null while unused, always on client links). */
  used_at: string | null;
  used_by: PersonName | null;
}

export interface DetailAnswer {
  detail: string;
}

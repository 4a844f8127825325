/** Who is calling: a team, through one of its API keys or one of its users. */
export interface Principal {
  teamId: string;
  /** Written to `created_by`: the user id, or `api_key:<key id>`. */
  actor: string;
  /** Rate limits count per credential. */
  credentialId: string;
}

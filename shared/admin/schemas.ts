import { Timestamp, Uuid } from "../platform/schemas/common.ts";
import { z } from "../platform/schemas/zod.ts";

export const TIERS = ["free", "starter", "growth", "scale"] as const;
export const Tier = z.enum(TIERS).meta({
  id: "Tier",
  description: "Generations per shipment: free 2, starter 5, growth 10, scale 20",
});

const TeamName = z.string().trim().min(1).max(200).regex(
  /^[^\p{Cc}]+$/u,
  "must not contain control characters",
);

export const CreateTeamRequest = z.object({ name: TeamName, tier: Tier })
  .meta({ id: "CreateTeamRequest" });
export const CreatedTeam = z.object({
  team_id: Uuid,
  name: z.string(),
  tier: Tier,
  api_key: z.string().meta({ description: "Shown once; only its hash is stored" }),
}).meta({ id: "CreatedTeam" });

export const UpdateTeamRequest = z.object({ name: TeamName.optional(), tier: Tier.optional() })
  .refine((v) => v.name !== undefined || v.tier !== undefined, "give name or tier")
  .meta({ id: "UpdateTeamRequest" });
export const Team = z.object({
  team_id: Uuid,
  name: z.string(),
  tier: Tier,
  created_at: Timestamp,
  updated_at: Timestamp,
}).meta({ id: "Team" });

export const IssueKeyRequest = z.object({ name: z.string().trim().min(1).max(100).optional() })
  .meta({ id: "IssueKeyRequest" });
export const IssuedKey = z.object({ id: Uuid, api_key: z.string() }).meta({ id: "IssuedKey" });

export const AddMemberRequest = z.object({
  user_id: z.string().trim().min(1).max(200).meta({ description: "Supabase user id (JWT sub)" }),
}).meta({ id: "AddMemberRequest" });
export const Member = z.object({ team_id: Uuid, user_id: z.string() }).meta({ id: "Member" });

import {
  BookUser,
  Building2,
  ConciergeBell,
  ExternalLink,
  KeyRound,
  LayoutGrid,
  Lightbulb,
  MessageSquareHeart,
  ShieldCheck,
  Siren,
  Smartphone,
  Thermometer,
  UserPlus,
  Wallet,
  type LucideIcon,
} from 'lucide-react';

/** An icon per utility the specification names (content document, section 3, "Utility button"). */
const BY_UTILITY: Record<string, LucideIcon> = {
  AMENITIES: Building2,
  COMPANIES: BookUser,
  CONCIERGE: ConciergeBell,
  WALLET: Wallet,
  VISITOR_REGISTRATION_MINIAPP: UserPlus,
  SAFETY: ShieldCheck,
  MOBILE_ACCESS: KeyRound,
  ECOBEE: Thermometer,
  LUTRON: Lightbulb,
  TENANT_SATISFACTION: MessageSquareHeart,
  SMART_BUILDING: Lightbulb,
  EMERGENCY_MANAGEMENT: Siren,
};

/** Else by how it opens: a web page, a native-only link, anything else a grid. */
const BY_TYPE: Record<string, LucideIcon> = { WEBVIEW: ExternalLink, NATIVELINK: Smartphone };

/** A utility's icon, from the icon set (not the operator's image: one look, in the brand's colour). */
export function UtilityIcon({ utilityName, type }: { utilityName: string | null; type: string }) {
  const Icon = (utilityName && BY_UTILITY[utilityName]) || BY_TYPE[type] || LayoutGrid;
  return <Icon aria-hidden="true" focusable="false" />;
}

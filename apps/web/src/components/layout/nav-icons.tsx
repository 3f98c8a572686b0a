import type { SvgIconComponent } from '@mui/icons-material';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import RestaurantMenuIcon from '@mui/icons-material/RestaurantMenu';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesomeOutlined';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonthOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import MenuBookIcon from '@mui/icons-material/MenuBookOutlined';
import NewReleasesIcon from '@mui/icons-material/NewReleasesOutlined';
import MailIcon from '@mui/icons-material/MailOutlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import ScienceIcon from '@mui/icons-material/ScienceOutlined';
import PolicyIcon from '@mui/icons-material/PolicyOutlined';
import GavelIcon from '@mui/icons-material/GavelOutlined';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import LoginIcon from '@mui/icons-material/Login';
import MonitorWeightIcon from '@mui/icons-material/MonitorWeightOutlined';
import InsightsIcon from '@mui/icons-material/InsightsOutlined';
import AssessmentIcon from '@mui/icons-material/AssessmentOutlined';
import RamenDiningIcon from '@mui/icons-material/RamenDiningOutlined';
import LinkIcon from '@mui/icons-material/Link';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import StorefrontIcon from '@mui/icons-material/StorefrontOutlined';
import CardMembershipIcon from '@mui/icons-material/CardMembershipOutlined';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import type { NavKey } from './nav-model';

export const NAV_ICONS: Record<NavKey, SvgIconComponent> = {
  dashboard: DashboardIcon,
  health: MonitorWeightIcon,
  insights: InsightsIcon,
  assessment: AssessmentIcon,
  foodLog: RestaurantMenuIcon,
  myRecipes: RamenDiningIcon,
  importRecipe: LinkIcon,
  buildRecipe: PlaylistAddIcon,
  restaurants: StorefrontIcon,
  suggestions: AutoAwesomeIcon,
  mealPlan: CalendarMonthIcon,
  settings: SettingsIcon,
  subscription: CardMembershipIcon,
  premiumFeatures: WorkspacePremiumIcon,
  admin: AdminPanelSettingsIcon,
  documentation: MenuBookIcon,
  releaseNotes: NewReleasesIcon,
  feedback: MailIcon,
  team: GroupsIcon,
  science: ScienceIcon,
  privacyPolicy: PolicyIcon,
  termsOfService: GavelIcon,
  eula: DescriptionIcon,
  login: LoginIcon,
};

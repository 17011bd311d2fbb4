import { render } from 'preact';
import { Lobby } from './pages/lobby/Lobby';
import { TablePage } from './pages/Table';
import { RulesPage } from './pages/Rules';
import { ReplayPage } from './pages/Replay';
import { TutorialPage } from './pages/Tutorial';
import { AccountPage } from './pages/account/AccountPage';
import { LeaderboardPage } from './pages/ratings/LeaderboardPage';
import { ProfilePage } from './pages/ratings/ProfilePage';
import { LabRoute } from './pages/LabRoute';
import './style.css';
import './styles/cards.css';
import './styles/dyke.css';
import './styles/field.css';
import './styles/analysis.css';
import { e2eGames } from './boards';
import { e2eStats } from './e2e_stats';
import { ICON_IDLE, showTab } from './view/tab';

// Routes: / (lobby), /play/<table>#token=… (a table), /rules/<game> (how to play),
// /replay/<table> (a finished table), /replay (an uploaded record), /rules/<game>?learn (a guided first game: tutorialUrl), /account,
// /players/<name> (a profile), /leaderboard[/<game>] and /lab[/<id>] (the balance lab: its form, a job's report).
function App() {
  const path = location.pathname;
  let m = /^\/play\/([0-9a-z-]+)\/?$/.exec(path);
  if (m) return <TablePage table={m[1]} token={new URLSearchParams(location.hash.slice(1)).get('token')} />;
  m = /^\/rules\/([a-z-]+)\/?$/.exec(path);
  if (m && new URLSearchParams(location.search).has('learn')) return <TutorialPage game={m[1]} />;
  if (m) return <RulesPage game={m[1]} standalone />;
  m = /^\/replay(?:\/([0-9a-z-]+))?\/?$/.exec(path);
  if (m) return <ReplayPage table={m[1] ?? null} />;
  if (/^\/account\/?$/.test(path)) return <AccountPage />;
  m = /^\/players\/([^/]+)\/?$/.exec(path);
  if (m) return <ProfilePage name={decodeURIComponent(m[1])} />;
  m = /^\/leaderboard(?:\/([a-z-]+))?\/?$/.exec(path);
  if (m) return <LeaderboardPage game={m[1] ?? null} />;
  m = /^\/lab(?:\/([^/]+))?\/?$/.exec(path);
  if (m) return <LabRoute job={m[1] ? decodeURIComponent(m[1]) : null} />;
  return <Lobby />;
}

if (e2eStats) e2eStats.games = e2eGames();
showTab({ title: document.title, icon: ICON_IDLE }); // the table page changes it on the person's turn
render(<App />, document.getElementById('app')!);

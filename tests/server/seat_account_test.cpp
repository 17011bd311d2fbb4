// A seat and an account (docs/protocol.md): a signed-in person who opens
// their seat's link makes the seat theirs; from then on it opens to them on
// any device without the link, under their account's name, after a restart
// too; nobody else's session opens it; a deleted account leaves the seat
// called by its label.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "account_client.hpp"
#include "server_fixture.hpp"

namespace bw::server::testing {
namespace {

using json = nlohmann::json;

json join(WsClient& client, const std::string& table, const std::string& token = "") {
  json message{{"type", "join"}, {"table", table}};
  if (!token.empty()) message["token"] = token;
  client.send(message);
  return client.receive_until("joined");
}

std::string seat_name(const json& presence, int seat) { return presence["seats"][seat]["name"]; }

class SeatAccount : public QuietServerTest {
 protected:
  std::string db_ = fresh_db("seat-account");
  std::optional<RunningServer> server_{std::in_place, db_};
  unsigned short port() const { return server_->port; }
};

TEST_F(SeatAccount, TheSeatOpensToItsAccountFromAnyDeviceWithoutTheLink) {
  const std::string ann = create_account(port(), "Ann");
  const std::string bob = create_account(port(), "Bob");
  json table = create_table(port(), "bye-bye", {"human", "human", "random"}, 7);
  const std::string id = table["table"];

  {  // Ann opens seat 0's link while signed in: the seat is hers, and carries her name.
    WsClient first(port(), "", 0, ann);
    EXPECT_EQ(join(first, id, table["invites"][0]["token"])["you"], json::array({0}));
    EXPECT_EQ(seat_name(first.receive_until("presence"), 0), "Ann");
  }
  {  // Another device, signed in as Ann, with no link: her seat.
    WsClient phone(port(), "", 0, ann);
    EXPECT_EQ(join(phone, id)["you"], json::array({0}));
  }
  {  // Bob's session opens nothing at a private table; nor does no session.
    WsClient other(port(), "", 0, bob);
    other.send({{"type", "join"}, {"table", id}});
    EXPECT_EQ(other.receive_until("error")["code"], "bad-token");
    WsClient guest(port());
    guest.send({{"type", "join"}, {"table", id}});
    EXPECT_EQ(guest.receive_until("error")["code"], "bad-token");
  }
  {  // Bob holding seat 0's link plays it (a link opens its seat) but does not take it from Ann.
    WsClient other(port(), "", 0, bob);
    EXPECT_EQ(join(other, id, table["invites"][0]["token"])["you"], json::array({0}));
    EXPECT_EQ(seat_name(other.receive_until("presence"), 0), "Ann");
  }
  // "My games" lists it, for every device signed in as Ann; Bob has none. The
  // binding reaches the store in the writer's next batch, so a loaded machine
  // may answer from before it for a moment: asked again until 10 s have passed.
  auto mine = http_request(port(), "GET", "/api/me/games", "", {{"Cookie", ann}});
  for (int attempt = 0; attempt < 200 && mine.status == 200u && mine.body["games"].empty(); ++attempt) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    mine = http_request(port(), "GET", "/api/me/games", "", {{"Cookie", ann}});
  }
  ASSERT_EQ(mine.status, 200u) << mine.text;
  ASSERT_EQ(mine.body["games"].size(), 1u) << mine.text;
  EXPECT_EQ(mine.body["games"][0]["table"], id);
  EXPECT_EQ(mine.body["games"][0]["seat"], 0);
  EXPECT_EQ(mine.body["games"][0]["game"], "bye-bye");
  EXPECT_EQ(mine.body["games"][0]["url"], "/play/" + id);
  EXPECT_EQ(http_request(port(), "GET", "/api/me/games", "", {{"Cookie", bob}}).body["games"], json::array());
  server_.reset();  // a restart keeps the binding
  server_.emplace(db_);
  {
    WsClient phone(port(), "", 0, ann);
    EXPECT_EQ(join(phone, id)["you"], json::array({0}));
    EXPECT_EQ(seat_name(phone.receive_until("presence"), 0), "Ann");
  }
}

TEST_F(SeatAccount, ABoundSeatKeepsItsAccountsNameAndAGuestsNameStaysAGuests) {
  const std::string ann = create_account(port(), "Ann");
  json table = create_table(port(), "black-sheep", {"human", "human"}, 3);
  const std::string id = table["table"];
  WsClient guest(port());
  guest.send({{"type", "join"}, {"table", id}, {"token", table["invites"][1]["token"]}, {"name", "Zed"}});
  guest.receive_until("joined");
  // A guest's seat takes the name the browser remembers; a signed-in person's takes the account's, whatever
  // the browser sends.
  WsClient mine(port(), "", 0, ann);
  mine.send({{"type", "join"}, {"table", id}, {"token", table["invites"][0]["token"]}, {"name", "Annie"}});
  mine.receive_until("joined");
  json presence = mine.receive_until("presence");
  EXPECT_EQ(seat_name(presence, 0), "Ann");
  EXPECT_EQ(seat_name(presence, 1), "Zed");
  mine.send({{"type", "name"}, {"name", "Queen Ann"}, {"ref", 5}});
  json refused = mine.receive_until("error");
  EXPECT_EQ(refused["code"], "bad-name");
  EXPECT_EQ(refused["ref"], 5);
  guest.send({{"type", "name"}, {"name", "Zack"}, {"ref", 6}});
  EXPECT_EQ(guest.receive_until("ack")["ref"], 6);
}

TEST_F(SeatAccount, AGuestsLinkBindsNothingAndABotsSeatIsNobodys) {
  const std::string ann = create_account(port(), "Ann");
  json table = create_table(port(), "bye-bye", {"human", "random", "random"}, 9, {{"public", true}});
  const std::string id = table["table"];
  {
    WsClient guest(port());
    EXPECT_EQ(join(guest, id, table["invites"][0]["token"])["you"], json::array({0}));
  }
  // Signed in, with no link, at a public table where no seat is hers: she watches.
  WsClient watcher(port(), "", 0, ann);
  EXPECT_EQ(join(watcher, id)["you"], json::array());
}

TEST_F(SeatAccount, ADeletedAccountsSeatIsCalledByItsLabelAgain) {
  const std::string ann = create_account(port(), "Ann");
  json table = create_table(port(), "black-sheep", {"human", "human"}, 5);
  const std::string id = table["table"];
  {
    WsClient mine(port(), "", 0, ann);
    join(mine, id, table["invites"][0]["token"]);
    mine.receive_until("presence");
    mine.send({{"type", "chat"}, {"text", "hello"}, {"ref", 1}});
    mine.receive_until("ack");
  }
  auto deleted =
      http_request(port(), "DELETE", "/api/me", json{{"password", "sheep are fluffy"}}.dump(), {{"Cookie", ann}});
  ASSERT_EQ(deleted.status, 200u) << deleted.text;
  server_.reset();  // the running table still has the names it had; the stored one has none
  server_.emplace(db_);
  WsClient guest(port());
  join(guest, id, table["invites"][1]["token"]);
  json history = guest.receive_until("chat-history");
  EXPECT_EQ(history["lines"][0]["name"], "P1");
  EXPECT_EQ(seat_name(guest.receive_until("presence"), 0), "P1");
  // Her session ended with her account: it opens nothing.
  WsClient after(port(), "", 0, ann);
  after.send({{"type", "join"}, {"table", id}});
  EXPECT_EQ(after.receive_until("error")["code"], "bad-token");
}

}  // namespace
}  // namespace bw::server::testing

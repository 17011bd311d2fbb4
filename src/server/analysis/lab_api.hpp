#pragma once
// GET /api/lab, POST /api/lab and GET /api/lab/{id} (docs/protocol.md,
// "Balance lab"): what the lab allows, a job asked for, a job's status or
// its stored report.
#include "server/http/router.hpp"

namespace bw::server {

class LabJobs;

void add_lab_routes(Router& router, LabJobs& lab);

}  // namespace bw::server

/**
 * @file volley.h
 * @brief Everything public in libvolley. Include this, or the module headers one by one.
 */
#ifndef VOLLEY_VOLLEY_H
#define VOLLEY_VOLLEY_H

#include "volley/core.h"
#include "volley/geom.h"
#include "volley/battlefield.h"
#include "volley/scenario.h"
#include "volley/world.h"
#include "volley/rules.h"
#include "volley/game.h"
#include "volley/summary.h"
#include "volley/log.h"
#include "volley/ai.h"
#include "volley/paths.h"

#define VOLLEY_VERSION_STRING "0.1.0"

#endif

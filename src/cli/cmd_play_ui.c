/* volley play on screen: placeholder while the screen is assembled. */
#include "cli.h"

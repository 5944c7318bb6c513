/*
 * wf_gpio.h - Wayfinder's small, stable C API over libgpiod.
 *
 * Why: libgpiod 1.6 (Debian 12 / Pi OS Bookworm) and 2.x (Debian 13 / Pi OS
 * Trixie) have incompatible APIs. Swift sees only this header; wf_gpio.c picks
 * the v1 or v2 implementation at preprocessing time (v1's gpiod.h defines
 * GPIOD_LINE_BULK_MAX_LINES, v2's does not).
 *
 * Conventions:
 *  - Functions returning int return 0 (or a count) on success and a negative
 *    errno value on failure. Nothing here aborts or prints.
 *  - Objects are opaque. Release every request before closing its chip: with
 *    libgpiod 1.6 the lines belong to the chip.
 *  - Nothing is thread-safe; callers serialise access to one object.
 */
#ifndef WF_GPIO_H
#define WF_GPIO_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Most lines one request may hold (the kernel's GPIO_V2_LINES_MAX and v1's
 * GPIOD_LINE_BULK_MAX_LINES are both 64). */
#define WF_GPIO_MAX_LINES 64

/* Buffer sizes, NUL included. The kernel limits chip names and labels to 32
 * bytes (GPIO_MAX_NAME_SIZE); the margin costs nothing. */
#define WF_GPIO_NAME_SIZE 64
#define WF_GPIO_PATH_SIZE 256

/* Which libgpiod API this shim was compiled against. */
#define WF_GPIO_API_V1 1
#define WF_GPIO_API_V2 2

/* Edge kinds, numerically equal to both libgpiod versions' event types. */
#define WF_GPIO_EDGE_RISING 1
#define WF_GPIO_EDGE_FALLING 2

typedef struct wf_gpio_chip wf_gpio_chip;
typedef struct wf_gpio_request wf_gpio_request;

/* One edge event, the same on both APIs. */
typedef struct wf_gpio_event {
	uint32_t offset;       /* line offset on the chip */
	int32_t edge;          /* WF_GPIO_EDGE_RISING or WF_GPIO_EDGE_FALLING */
	uint64_t timestamp_ns; /* kernel event clock (CLOCK_MONOTONIC on Linux >= 5.7) */
} wf_gpio_event;

/* One GPIO chip device found in /dev, for listing and error messages. */
typedef struct wf_gpio_chip_entry {
	char path[WF_GPIO_PATH_SIZE];  /* e.g. "/dev/gpiochip0" */
	char name[WF_GPIO_NAME_SIZE];  /* e.g. "gpiochip0"; empty if it could not be opened */
	char label[WF_GPIO_NAME_SIZE]; /* e.g. "pinctrl-bcm2711"; empty if it could not be opened */
	uint32_t num_lines;
	int32_t error;                 /* 0, or -errno if opening this chip failed */
} wf_gpio_chip_entry;

/* --- library ------------------------------------------------------------ */

/* libgpiod's own version string, e.g. "1.6.3" or "2.2.1". Never NULL. */
const char *wf_gpio_library_version(void);

/* WF_GPIO_API_V1 or WF_GPIO_API_V2. */
int wf_gpio_api_flavour(void);

/* 1 if requests can ask the kernel to debounce (v2), 0 if not (v1). */
int wf_gpio_has_kernel_debounce(void);

/* --- chips --------------------------------------------------------------- */

/* Fills up to `capacity` entries (sorted by path) and returns how many chips
 * exist, which may exceed `capacity`; `entries` may be NULL when capacity is
 * 0. A chip that cannot be opened is still listed, with `error` set. */
int wf_gpio_list_chips(wf_gpio_chip_entry *entries, size_t capacity);

/* Opens the first chip (by path order) whose label equals `label`.
 * -ENOENT: no chip has that label. -EACCES: none of the readable chips
 * matched and at least one chip could not be opened for lack of permission. */
int wf_gpio_chip_open_by_label(const char *label, wf_gpio_chip **out);

/* Opens a chip by its full device path, e.g. "/dev/gpiochip0". */
int wf_gpio_chip_open_path(const char *path, wf_gpio_chip **out);

/* Closes the chip; NULL is ignored. */
void wf_gpio_chip_close(wf_gpio_chip *chip);

const char *wf_gpio_chip_name(const wf_gpio_chip *chip);
const char *wf_gpio_chip_label(const wf_gpio_chip *chip);
const char *wf_gpio_chip_path(const wf_gpio_chip *chip);
uint32_t wf_gpio_chip_num_lines(const wf_gpio_chip *chip);

/* --- input requests ------------------------------------------------------ */

/* Requests `num_offsets` (1...WF_GPIO_MAX_LINES) lines as inputs with pull-up
 * bias and edge events on both edges, timestamped with CLOCK_MONOTONIC.
 * `active_low` non-zero inverts the logical value (and so swaps rising and
 * falling). `debounce_us` > 0 asks the kernel to debounce; with the v1 API
 * it is not applied (see wf_gpio_request_kernel_debounce_us). `consumer`
 * may be NULL. -EBUSY: a line is held by another consumer. -EINVAL: bad
 * offsets or a setting the chip rejects. */
int wf_gpio_request_inputs(wf_gpio_chip *chip, const char *consumer,
			   const uint32_t *offsets, size_t num_offsets,
			   int active_low, uint32_t debounce_us,
			   wf_gpio_request **out);

/* Releases the lines; NULL is ignored. */
void wf_gpio_request_release(wf_gpio_request *request);

/* The debounce period the kernel applies, in microseconds; always 0 with the
 * v1 API, where callers debounce in user space. */
uint32_t wf_gpio_request_kernel_debounce_us(const wf_gpio_request *request);

/* Pollable file descriptors owned by the request (do not close them): one
 * per line with the v1 API, one for the whole request with the v2 API. */
size_t wf_gpio_request_num_fds(const wf_gpio_request *request);
int wf_gpio_request_fd(const wf_gpio_request *request, size_t index);

/* Waits until an event is pending: 1 pending, 0 timed out (or interrupted by
 * a signal), negative errno on error. timeout_ns < 0 waits forever, 0 polls. */
int wf_gpio_request_wait(wf_gpio_request *request, int64_t timeout_ns);

/* Reads pending events without blocking: returns how many were stored (0 if
 * none were pending) or a negative errno. */
int wf_gpio_request_read(wf_gpio_request *request, wf_gpio_event *events,
			 size_t capacity);

#ifdef __cplusplus
}
#endif

#endif /* WF_GPIO_H */

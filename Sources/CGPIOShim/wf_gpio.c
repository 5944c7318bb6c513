/*
 * wf_gpio.c - the one place that knows which libgpiod API is installed.
 *
 * Call mapping from the two libraries' own gpiod.h (1.6.3 as in Debian 12,
 * and 2.x); the discriminator: libgpiod 1.6's gpiod.h defines
 * GPIOD_LINE_BULK_MAX_LINES, 2.x's does not. Plain C99; every failure comes
 * back as a negative errno.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* scandir, alphasort, poll */
#endif

#include "wf_gpio.h"

#include <gpiod.h>

#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef GPIOD_LINE_BULK_MAX_LINES
#define WF_GPIO_USE_V1 1
#else
#define WF_GPIO_USE_V2 1
#endif

#define WF_GPIO_DEFAULT_CONSUMER "wayfinder"
#define WF_GPIO_DEV_DIR "/dev"
/* Events moved per read call; the kernel queues 16 per line by default. */
#define WF_GPIO_READ_CHUNK 64

struct wf_gpio_chip {
	struct gpiod_chip *chip;
	char name[WF_GPIO_NAME_SIZE];
	char label[WF_GPIO_NAME_SIZE];
	char path[WF_GPIO_PATH_SIZE];
	uint32_t num_lines;
};

struct wf_gpio_request {
#ifdef WF_GPIO_USE_V1
	struct gpiod_line_bulk bulk;
	uint32_t offsets[WF_GPIO_MAX_LINES];
	int fds[WF_GPIO_MAX_LINES];
	size_t num_lines;
	size_t next_line; /* where the next read starts, so no line starves */
#else
	struct gpiod_line_request *request;
	struct gpiod_edge_event_buffer *buffer;
	int fd;
	uint32_t debounce_us;
#endif
};

/* errno as a negative code; EIO if a library failed without setting it. */
static int wf_neg_errno(void)
{
	return errno > 0 ? -errno : -EIO;
}

static void wf_copy(char *dst, size_t size, const char *src)
{
	size_t n;

	if (size == 0)
		return;
	if (src == NULL)
		src = "";
	n = strlen(src);
	if (n >= size)
		n = size - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* Builds "/dev/<entry>"; 0 if it did not fit. */
static int wf_dev_path(char *dst, size_t size, const char *entry)
{
	int n = snprintf(dst, size, "%s/%s", WF_GPIO_DEV_DIR, entry);

	return n > 0 && (size_t)n < size;
}

/* Is this /dev entry a GPIO chip? v1: the library's own iterator matches the
 * "gpiochip" prefix; v2: the library offers gpiod_is_gpiochip_device, which
 * also follows symlinks such as Pi OS's /dev/gpiochip4 -> gpiochip0. */
static int wf_is_chip_entry(const char *entry, char *path, size_t size)
{
	if (entry[0] == '.')
		return 0;
#ifdef WF_GPIO_USE_V1
	if (strncmp(entry, "gpiochip", 8) != 0)
		return 0;
	return wf_dev_path(path, size, entry);
#else
	if (!wf_dev_path(path, size, entry))
		return 0;
	return gpiod_is_gpiochip_device(path) ? 1 : 0;
#endif
}

/* Takes ownership of `chip` (closed on failure) and wraps it. */
static int wf_wrap_chip(struct gpiod_chip *chip, const char *path,
			wf_gpio_chip **out)
{
	wf_gpio_chip *wrapped = calloc(1, sizeof(*wrapped));

	if (wrapped == NULL) {
		gpiod_chip_close(chip);
		return -ENOMEM;
	}
	wrapped->chip = chip;
#ifdef WF_GPIO_USE_V1
	wf_copy(wrapped->name, sizeof(wrapped->name), gpiod_chip_name(chip));
	wf_copy(wrapped->label, sizeof(wrapped->label), gpiod_chip_label(chip));
	wrapped->num_lines = gpiod_chip_num_lines(chip);
	if (path != NULL)
		wf_copy(wrapped->path, sizeof(wrapped->path), path);
	else if (!wf_dev_path(wrapped->path, sizeof(wrapped->path), wrapped->name))
		wrapped->path[0] = '\0';
#else
	{
		struct gpiod_chip_info *info = gpiod_chip_get_info(chip);

		if (info == NULL) {
			int err = wf_neg_errno();

			gpiod_chip_close(chip);
			free(wrapped);
			return err;
		}
		wf_copy(wrapped->name, sizeof(wrapped->name),
			gpiod_chip_info_get_name(info));
		wf_copy(wrapped->label, sizeof(wrapped->label),
			gpiod_chip_info_get_label(info));
		wrapped->num_lines = (uint32_t)gpiod_chip_info_get_num_lines(info);
		gpiod_chip_info_free(info);
	}
	wf_copy(wrapped->path, sizeof(wrapped->path),
		path != NULL ? path : gpiod_chip_get_path(chip));
#endif
	*out = wrapped;
	return 0;
}

const char *wf_gpio_library_version(void)
{
#ifdef WF_GPIO_USE_V1
	const char *version = gpiod_version_string();
#else
	const char *version = gpiod_api_version();
#endif
	return version != NULL ? version : "unknown";
}

int wf_gpio_api_flavour(void)
{
#ifdef WF_GPIO_USE_V1
	return WF_GPIO_API_V1;
#else
	return WF_GPIO_API_V2;
#endif
}

int wf_gpio_has_kernel_debounce(void)
{
#ifdef WF_GPIO_USE_V1
	return 0; /* libgpiod 1.6 speaks the v1 uAPI, which has no debounce */
#else
	return 1;
#endif
}

static void wf_fill_entry(wf_gpio_chip_entry *entry, const char *path)
{
	struct gpiod_chip *chip;

	memset(entry, 0, sizeof(*entry));
	wf_copy(entry->path, sizeof(entry->path), path);
	chip = gpiod_chip_open(path);
	if (chip == NULL) {
		entry->error = wf_neg_errno();
		return;
	}
#ifdef WF_GPIO_USE_V1
	wf_copy(entry->name, sizeof(entry->name), gpiod_chip_name(chip));
	wf_copy(entry->label, sizeof(entry->label), gpiod_chip_label(chip));
	entry->num_lines = gpiod_chip_num_lines(chip);
#else
	{
		struct gpiod_chip_info *info = gpiod_chip_get_info(chip);

		if (info == NULL) {
			entry->error = wf_neg_errno();
		} else {
			wf_copy(entry->name, sizeof(entry->name),
				gpiod_chip_info_get_name(info));
			wf_copy(entry->label, sizeof(entry->label),
				gpiod_chip_info_get_label(info));
			entry->num_lines =
				(uint32_t)gpiod_chip_info_get_num_lines(info);
			gpiod_chip_info_free(info);
		}
	}
#endif
	gpiod_chip_close(chip);
}

int wf_gpio_list_chips(wf_gpio_chip_entry *entries, size_t capacity)
{
	struct dirent **list = NULL;
	char path[WF_GPIO_PATH_SIZE];
	int count, i, found = 0;

	if (entries == NULL && capacity > 0)
		return -EINVAL;
	count = scandir(WF_GPIO_DEV_DIR, &list, NULL, alphasort);
	if (count < 0)
		return wf_neg_errno();
	for (i = 0; i < count; i++) {
		if (wf_is_chip_entry(list[i]->d_name, path, sizeof(path))) {
			if ((size_t)found < capacity)
				wf_fill_entry(&entries[found], path);
			found++;
		}
		free(list[i]);
	}
	free(list);
	return found;
}

int wf_gpio_chip_open_by_label(const char *label, wf_gpio_chip **out)
{
	if (label == NULL || out == NULL)
		return -EINVAL;
	*out = NULL;
#ifdef WF_GPIO_USE_V1
	{
		/* NULL with errno ENOENT when no chip has the label (libgpiod 1.6 gpiod.h). */
		struct gpiod_chip *chip = gpiod_chip_open_by_label(label);

		if (chip == NULL)
			return wf_neg_errno();
		return wf_wrap_chip(chip, NULL, out);
	}
#else
	{
		/* libgpiod 2 dropped label lookup: scan /dev, compare labels. */
		struct dirent **list = NULL;
		char path[WF_GPIO_PATH_SIZE];
		int count, i, denied = 0, result = -ENOENT;

		count = scandir(WF_GPIO_DEV_DIR, &list, NULL, alphasort);
		if (count < 0)
			return wf_neg_errno();
		for (i = 0; i < count; i++) {
			if (result == -ENOENT &&
			    wf_is_chip_entry(list[i]->d_name, path, sizeof(path))) {
				struct gpiod_chip *chip = gpiod_chip_open(path);
				struct gpiod_chip_info *info;

				if (chip == NULL) {
					if (errno == EACCES || errno == EPERM)
						denied = 1;
				} else if ((info = gpiod_chip_get_info(chip)) == NULL) {
					gpiod_chip_close(chip);
				} else {
					int match = strcmp(gpiod_chip_info_get_label(info),
							   label) == 0;

					gpiod_chip_info_free(info);
					if (match)
						result = wf_wrap_chip(chip, path, out);
					else
						gpiod_chip_close(chip);
				}
			}
			free(list[i]);
		}
		free(list);
		if (result == -ENOENT && denied)
			result = -EACCES;
		return result;
	}
#endif
}

int wf_gpio_chip_open_path(const char *path, wf_gpio_chip **out)
{
	struct gpiod_chip *chip;

	if (path == NULL || out == NULL)
		return -EINVAL;
	*out = NULL;
	chip = gpiod_chip_open(path);
	if (chip == NULL)
		return wf_neg_errno();
	return wf_wrap_chip(chip, path, out);
}

void wf_gpio_chip_close(wf_gpio_chip *chip)
{
	if (chip == NULL)
		return;
	gpiod_chip_close(chip->chip);
	free(chip);
}

const char *wf_gpio_chip_name(const wf_gpio_chip *chip)
{
	return chip != NULL ? chip->name : "";
}

const char *wf_gpio_chip_label(const wf_gpio_chip *chip)
{
	return chip != NULL ? chip->label : "";
}

const char *wf_gpio_chip_path(const wf_gpio_chip *chip)
{
	return chip != NULL ? chip->path : "";
}

uint32_t wf_gpio_chip_num_lines(const wf_gpio_chip *chip)
{
	return chip != NULL ? chip->num_lines : 0;
}

/* Shared argument checks: offsets in range and unique. */
static int wf_check_offsets(const wf_gpio_chip *chip, const uint32_t *offsets,
			    size_t num_offsets)
{
	size_t i, j;

	if (num_offsets == 0 || num_offsets > WF_GPIO_MAX_LINES)
		return -EINVAL;
	for (i = 0; i < num_offsets; i++) {
		if (offsets[i] >= chip->num_lines)
			return -EINVAL;
		for (j = 0; j < i; j++)
			if (offsets[j] == offsets[i])
				return -EINVAL;
	}
	return 0;
}

#ifdef WF_GPIO_USE_V1

int wf_gpio_request_inputs(wf_gpio_chip *chip, const char *consumer,
			   const uint32_t *offsets, size_t num_offsets,
			   int active_low, uint32_t debounce_us,
			   wf_gpio_request **out)
{
	unsigned int lines[WF_GPIO_MAX_LINES];
	wf_gpio_request *req;
	int flags, err;
	size_t i;

	(void)debounce_us; /* v1 uAPI: no debounce; the caller filters */
	if (chip == NULL || offsets == NULL || out == NULL)
		return -EINVAL;
	*out = NULL;
	err = wf_check_offsets(chip, offsets, num_offsets);
	if (err < 0)
		return err;
	req = calloc(1, sizeof(*req));
	if (req == NULL)
		return -ENOMEM;
	for (i = 0; i < num_offsets; i++) {
		lines[i] = offsets[i];
		req->offsets[i] = offsets[i];
	}
	req->num_lines = num_offsets;
	if (gpiod_chip_get_lines(chip->chip, lines, (unsigned int)num_offsets,
				 &req->bulk) < 0) {
		err = wf_neg_errno();
		free(req);
		return err;
	}
	flags = GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP;
	if (active_low)
		flags |= GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW;
	if (gpiod_line_request_bulk_both_edges_events_flags(
		    &req->bulk,
		    consumer != NULL ? consumer : WF_GPIO_DEFAULT_CONSUMER,
		    flags) < 0) {
		err = wf_neg_errno();
		free(req);
		return err;
	}
	for (i = 0; i < num_offsets; i++) {
		req->fds[i] = gpiod_line_event_get_fd(req->bulk.lines[i]);
		if (req->fds[i] < 0) {
			err = wf_neg_errno();
			gpiod_line_release_bulk(&req->bulk);
			free(req);
			return err;
		}
	}
	*out = req;
	return 0;
}

void wf_gpio_request_release(wf_gpio_request *request)
{
	if (request == NULL)
		return;
	gpiod_line_release_bulk(&request->bulk);
	free(request);
}

uint32_t wf_gpio_request_kernel_debounce_us(const wf_gpio_request *request)
{
	(void)request;
	return 0;
}

size_t wf_gpio_request_num_fds(const wf_gpio_request *request)
{
	return request != NULL ? request->num_lines : 0;
}

int wf_gpio_request_fd(const wf_gpio_request *request, size_t index)
{
	if (request == NULL || index >= request->num_lines)
		return -EINVAL;
	return request->fds[index];
}

int wf_gpio_request_wait(wf_gpio_request *request, int64_t timeout_ns)
{
	struct timespec ts, *timeout = NULL;
	int rv;

	if (request == NULL)
		return -EINVAL;
	if (timeout_ns >= 0) {
		ts.tv_sec = (time_t)(timeout_ns / 1000000000);
		ts.tv_nsec = (long)(timeout_ns % 1000000000);
		timeout = &ts;
	}
	rv = gpiod_line_event_wait_bulk(&request->bulk, timeout, NULL);
	if (rv < 0)
		return errno == EINTR ? 0 : wf_neg_errno();
	return rv > 0 ? 1 : 0;
}

int wf_gpio_request_read(wf_gpio_request *request, wf_gpio_event *events,
			 size_t capacity)
{
	struct pollfd pfds[WF_GPIO_MAX_LINES];
	struct gpiod_line_event buffer[WF_GPIO_READ_CHUNK];
	size_t n, k, stored = 0;
	int rv;

	if (request == NULL || (events == NULL && capacity > 0))
		return -EINVAL;
	if (capacity == 0)
		return 0;
	n = request->num_lines;
	for (k = 0; k < n; k++) {
		pfds[k].fd = request->fds[k];
		pfds[k].events = POLLIN | POLLPRI;
		pfds[k].revents = 0;
	}
	rv = poll(pfds, (nfds_t)n, 0);
	if (rv < 0)
		return errno == EINTR ? 0 : wf_neg_errno();
	for (k = 0; k < n && stored < capacity; k++) {
		size_t i = (request->next_line + k) % n;
		size_t want = capacity - stored;
		int got, e;

		if (pfds[i].revents & (POLLERR | POLLHUP | POLLNVAL))
			return stored > 0 ? (int)stored : -EIO;
		if (!(pfds[i].revents & (POLLIN | POLLPRI)))
			continue;
		if (want > WF_GPIO_READ_CHUNK)
			want = WF_GPIO_READ_CHUNK;
		got = gpiod_line_event_read_fd_multiple(request->fds[i], buffer,
							(unsigned int)want);
		if (got < 0) {
			if (errno == EAGAIN || errno == EINTR)
				continue;
			/* Keep what was read; the error shows again next call. */
			return stored > 0 ? (int)stored : wf_neg_errno();
		}
		for (e = 0; e < got; e++) {
			if (buffer[e].event_type != GPIOD_LINE_EVENT_RISING_EDGE &&
			    buffer[e].event_type != GPIOD_LINE_EVENT_FALLING_EDGE)
				continue;
			events[stored].offset = request->offsets[i];
			events[stored].edge =
				buffer[e].event_type == GPIOD_LINE_EVENT_RISING_EDGE ?
					WF_GPIO_EDGE_RISING : WF_GPIO_EDGE_FALLING;
			events[stored].timestamp_ns =
				(uint64_t)buffer[e].ts.tv_sec * 1000000000u +
				(uint64_t)buffer[e].ts.tv_nsec;
			stored++;
		}
	}
	request->next_line = (request->next_line + 1) % n;
	return (int)stored;
}

#else /* WF_GPIO_USE_V2 */

int wf_gpio_request_inputs(wf_gpio_chip *chip, const char *consumer,
			   const uint32_t *offsets, size_t num_offsets,
			   int active_low, uint32_t debounce_us,
			   wf_gpio_request **out)
{
	unsigned int lines[WF_GPIO_MAX_LINES];
	struct gpiod_line_settings *settings = NULL;
	struct gpiod_line_config *line_cfg = NULL;
	struct gpiod_request_config *req_cfg = NULL;
	wf_gpio_request *req = NULL;
	int err;
	size_t i;

	if (chip == NULL || offsets == NULL || out == NULL)
		return -EINVAL;
	*out = NULL;
	err = wf_check_offsets(chip, offsets, num_offsets);
	if (err < 0)
		return err;
	for (i = 0; i < num_offsets; i++)
		lines[i] = offsets[i];

	req = calloc(1, sizeof(*req));
	settings = gpiod_line_settings_new();
	line_cfg = gpiod_line_config_new();
	req_cfg = gpiod_request_config_new();
	if (req == NULL || settings == NULL || line_cfg == NULL || req_cfg == NULL) {
		err = -ENOMEM;
		goto fail;
	}
	req->buffer = gpiod_edge_event_buffer_new(WF_GPIO_READ_CHUNK);
	if (req->buffer == NULL) {
		err = -ENOMEM;
		goto fail;
	}
	if (gpiod_line_settings_set_direction(settings,
					      GPIOD_LINE_DIRECTION_INPUT) < 0 ||
	    gpiod_line_settings_set_edge_detection(settings,
						   GPIOD_LINE_EDGE_BOTH) < 0 ||
	    gpiod_line_settings_set_bias(settings, GPIOD_LINE_BIAS_PULL_UP) < 0 ||
	    gpiod_line_settings_set_event_clock(settings,
						GPIOD_LINE_CLOCK_MONOTONIC) < 0) {
		err = wf_neg_errno();
		goto fail;
	}
	gpiod_line_settings_set_active_low(settings, active_low != 0);
	if (debounce_us > 0)
		gpiod_line_settings_set_debounce_period_us(settings, debounce_us);
	if (gpiod_line_config_add_line_settings(line_cfg, lines, num_offsets,
						settings) < 0) {
		err = wf_neg_errno();
		goto fail;
	}
	gpiod_request_config_set_consumer(
		req_cfg, consumer != NULL ? consumer : WF_GPIO_DEFAULT_CONSUMER);
	req->request = gpiod_chip_request_lines(chip->chip, req_cfg, line_cfg);
	if (req->request == NULL) {
		err = wf_neg_errno();
		goto fail;
	}
	req->fd = gpiod_line_request_get_fd(req->request);
	req->debounce_us = debounce_us;
	gpiod_line_settings_free(settings);
	gpiod_line_config_free(line_cfg);
	gpiod_request_config_free(req_cfg);
	*out = req;
	return 0;

fail:
	if (req != NULL) {
		gpiod_edge_event_buffer_free(req->buffer);
		free(req);
	}
	gpiod_line_settings_free(settings);
	gpiod_line_config_free(line_cfg);
	gpiod_request_config_free(req_cfg);
	return err;
}

void wf_gpio_request_release(wf_gpio_request *request)
{
	if (request == NULL)
		return;
	gpiod_line_request_release(request->request);
	gpiod_edge_event_buffer_free(request->buffer);
	free(request);
}

uint32_t wf_gpio_request_kernel_debounce_us(const wf_gpio_request *request)
{
	return request != NULL ? request->debounce_us : 0;
}

size_t wf_gpio_request_num_fds(const wf_gpio_request *request)
{
	return request != NULL ? 1 : 0;
}

int wf_gpio_request_fd(const wf_gpio_request *request, size_t index)
{
	if (request == NULL || index != 0)
		return -EINVAL;
	return request->fd;
}

int wf_gpio_request_wait(wf_gpio_request *request, int64_t timeout_ns)
{
	int rv;

	if (request == NULL)
		return -EINVAL;
	rv = gpiod_line_request_wait_edge_events(request->request, timeout_ns);
	if (rv < 0)
		return errno == EINTR ? 0 : wf_neg_errno();
	return rv > 0 ? 1 : 0;
}

int wf_gpio_request_read(wf_gpio_request *request, wf_gpio_event *events,
			 size_t capacity)
{
	size_t want, i, stored = 0;
	int rv, got;

	if (request == NULL || (events == NULL && capacity > 0))
		return -EINVAL;
	if (capacity == 0)
		return 0;
	/* The read below blocks when nothing is queued: poll first. */
	rv = wf_gpio_request_wait(request, 0);
	if (rv <= 0)
		return rv;
	want = gpiod_edge_event_buffer_get_capacity(request->buffer);
	if (want > capacity)
		want = capacity;
	got = gpiod_line_request_read_edge_events(request->request,
						  request->buffer, want);
	if (got < 0)
		return (errno == EAGAIN || errno == EINTR) ? 0 : wf_neg_errno();
	for (i = 0; i < (size_t)got; i++) {
		struct gpiod_edge_event *ev =
			gpiod_edge_event_buffer_get_event(request->buffer, i);
		int type;

		if (ev == NULL)
			continue;
		type = (int)gpiod_edge_event_get_event_type(ev);
		if (type != GPIOD_EDGE_EVENT_RISING_EDGE &&
		    type != GPIOD_EDGE_EVENT_FALLING_EDGE)
			continue;
		events[stored].offset = gpiod_edge_event_get_line_offset(ev);
		events[stored].edge = type == GPIOD_EDGE_EVENT_RISING_EDGE ?
			WF_GPIO_EDGE_RISING : WF_GPIO_EDGE_FALLING;
		events[stored].timestamp_ns = gpiod_edge_event_get_timestamp_ns(ev);
		stored++;
	}
	return (int)stored;
}

#endif /* WF_GPIO_USE_V2 */

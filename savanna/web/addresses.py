"""Whom a client address counts for, in every cap and share of the web app: an IPv4 address,
or an IPv6 address's /64 (one household or host holds a whole /64), an IPv4 address mapped
into IPv6 being that IPv4 address. Used by the creation limits, the connection and spectator
caps (edge) and the computers' turns (live), so that all count a client alike."""

from __future__ import annotations

import ipaddress


def client_key(host: str | None) -> str:
    """Whom a request counts for: its IPv4 address, its IPv6 address's /64 network, or the
    host name as given (a test client's); "unknown" if there is none."""
    if not host:
        return "unknown"
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:  # ::ffff:192.0.2.1 is 192.0.2.1
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)

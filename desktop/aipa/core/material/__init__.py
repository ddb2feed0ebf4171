"""The Principal's material: documents converted and searched, a granted folder, MCP
servers, and what the router and auditor see of them."""
